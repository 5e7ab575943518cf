import type { Contract } from '@contracts/contract';
import type { Permission } from '@domain/staff/staff-roles';
import { requireStaff, type StaffCaller } from './admin-auth';
import { contractFunction, type ContractHandler, type HandlerOf, type NetlifyHandler } from './contract-function';
import type { FunctionContext } from './function-context';

/** The handler of an admin contract's function: the parsed request, the verified caller, the HTTP request and Netlify's context. */
export type AdminContractHandler<C extends Contract> = (
  input: Parameters<ContractHandler<C>>[0],
  caller: StaffCaller,
  request: Request,
  context: FunctionContext,
) => ReturnType<ContractHandler<C>>;

/**
 * The function of an admin screen's contract (docs/api.md, "Admin
 * functions"): {@link contractFunction} whose caller's ID token and role
 * (`permission`, requireStaff) are checked before the body is read, so a
 * role that may not use it gets 401/403 whatever it sends; the handler gets
 * the verified caller.
 */
export function adminContractFunction<C extends Contract>(
  contract: C,
  permission: Permission,
  handler: AdminContractHandler<C>,
  options: { maxBytes?: number } = {},
): NetlifyHandler {
  // The guard runs before the body is parsed; the caller it verified waits here for the handler.
  const callers = new WeakMap<Request, StaffCaller>();
  return contractFunction(
    contract,
    // HandlerOf<C> distributes over C, which TypeScript cannot see through for a generic C.
    (async (input: Parameters<ContractHandler<C>>[0], request: Request, context: FunctionContext) => {
      const caller = callers.get(request);
      if (!caller) throw new Error(`${contract.name}: no verified caller`);
      return handler(input, caller, request, context);
    }) as HandlerOf<C>,
    {
      ...options,
      guard: {
        before: async (request) => {
          callers.set(request, await requireStaff(request, contract.name, permission));
        },
      },
    },
  );
}
