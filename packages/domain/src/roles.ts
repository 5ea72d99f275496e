export const roles = ['customer', 'driver', 'licensee', 'admin'] as const;
export type Role = (typeof roles)[number];

/** Roles a person may choose at sign-up; admins are only created by the operator. */
export const signupRoles = ['customer', 'driver', 'licensee'] as const;
export type SignupRole = (typeof signupRoles)[number];

const dashboardPaths: Record<Role, string> = {
  customer: '/dashboard',
  driver: '/driver-dashboard',
  licensee: '/licensee-dashboard',
  admin: '/admin-dashboard',
};

export function dashboardPathFor(role: Role): string {
  return dashboardPaths[role];
}

export function isSignupRole(value: unknown): value is SignupRole {
  return typeof value === 'string' && (signupRoles as readonly string[]).includes(value);
}
