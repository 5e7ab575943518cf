import { createContext, useContext } from 'react';
import type { Staff } from '@domain/staff/staff-roles';

/** The signed-in volunteer's role, provided by AdminGate to every admin view. */
export const StaffContext = createContext<Staff | null>(null);

/**
 * The signed-in volunteer's role (src/domain/staff/staff-roles.ts).
 * @throws Error when used outside AdminGate: a view without a role is a programming error.
 */
export function useStaff(): Staff {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff outside AdminGate');
  return staff;
}
