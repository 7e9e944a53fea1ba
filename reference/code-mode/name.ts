/** The reserved Code Mode transport name (REG-04, VIS-06, VIS-13, CM-01). */
export const RUN_CODE_NAME = 'run_code'
