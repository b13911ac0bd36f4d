// The shape of the service's method handlers, shared by the files that implement them.
import type { z } from 'zod';
import type { Result } from '../../domain/result.js';
import type { MethodName, MethodOutput, methods } from '../contract/contract.js';

export type Input<M extends MethodName> = z.output<(typeof methods)[M]['input']>;

export type Handlers<K extends MethodName = MethodName> = {
  [M in K]: (input: Input<M>) => Result<MethodOutput<M>> | Promise<Result<MethodOutput<M>>>;
};
