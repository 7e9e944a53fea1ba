/** An in-test approval service that honours the service contract and records every request. */
import type { ApprovalOutcome, ApprovalRequest, ApprovalService } from '../../spec/types.ts'

export interface ApprovalStub extends ApprovalService {
  readonly requests: ApprovalRequest[]
}

/** Answers every request with `answer` (a fixed outcome or a function of the request). */
export function approvalStub(answer: ApprovalOutcome | ((request: ApprovalRequest) => ApprovalOutcome | Promise<ApprovalOutcome>)): ApprovalStub {
  const requests: ApprovalRequest[] = []
  return {
    requests,
    async request(request) {
      requests.push(request)
      return typeof answer === 'function' ? answer(request) : answer
    },
  }
}
