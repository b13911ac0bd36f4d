// The UI's API built from one way of calling a method by name: Electron's IPC in the
// preload, HTTP to the loopback console in a browser. Both get every method of the
// contract from the one list of names; no zod here, so the preload stays small.
import type { ContractResult, MethodName, TillsyncApi } from './contract.js';
import { METHOD_NAMES } from './names.js';

export type MethodCaller = (method: MethodName, input: unknown) => Promise<ContractResult<unknown>>;

export function apiFrom(call: MethodCaller, on: TillsyncApi['on']): TillsyncApi {
  const methods = Object.fromEntries(
    METHOD_NAMES.map((method) => [method, (input: unknown) => call(method, input)]),
  );
  // Each method passes its input and its answer through unchanged: the agent checks the
  // input with the contract, and the contract test checks every answer.
  return { ...methods, on } as TillsyncApi;
}
