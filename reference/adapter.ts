/**
 * The reference registry as a conformance adapter: a worked example of
 * mapping an implementation onto the kit's Harness.
 */
import { defineAdapter } from '../conformance/adapter/contract.ts'
import { createToolRegistry } from './index.ts'

export default defineAdapter({
  name: 'dsh-tools-tck reference',
  features: {
    scopes: true,
    scopeParents: true,
    approval: true,
    presentationMeta: true,
    changeEvents: true,
    codeMode: false, // run_code is reserved, but the Code Mode transport is not implemented
  },
  create() {
    // The registry already has the Harness shape: tools, on, createScope, setApproval, dispose.
    return createToolRegistry()
  },
})
