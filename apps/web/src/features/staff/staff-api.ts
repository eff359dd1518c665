import type {
  StaffAuditList,
  StaffAuditQuery,
  StaffMe,
  StaffRoleBody,
  StaffUserDetail,
  StaffUserList,
  StaffUsersQuery,
} from '@tradedesk/contracts';
import { api } from '../../app/api';
import { markQuietEndpoints } from '../../shared/api/quiet-endpoints';

type Paged<Q> = Partial<Q> & { page: number; limit: number };

/** Query parameters without the empty ones. */
export function definedParams(query: object): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') out[key] = value as string | number;
  }
  return out;
}

/** The staff console's own routes (docs/api.md "Staff console"): the caller's role, users, the audit log. */
export const staffApi = api.enhanceEndpoints({ addTagTypes: ['StaffUser', 'StaffAudit'] }).injectEndpoints({
  endpoints: (build) => ({
    staffMe: build.query<StaffMe, void>({
      query: () => ({ url: '/staff/me' }),
    }),
    staffUsers: build.query<StaffUserList, Paged<StaffUsersQuery>>({
      query: (query) => ({ url: '/staff/users', params: definedParams(query) }),
      providesTags: ['StaffUser'],
    }),
    staffUser: build.query<StaffUserDetail, string>({
      query: (id) => ({ url: `/staff/users/${id}` }),
      providesTags: (_r, _e, id) => [{ type: 'StaffUser', id }],
    }),
    setStaffRole: build.mutation<StaffUserDetail, { id: string } & StaffRoleBody>({
      query: ({ id, role }) => ({ url: `/staff/users/${id}/role`, method: 'PUT', body: { role } }),
      invalidatesTags: ['StaffUser', 'StaffAudit'],
    }),
    staffAudit: build.query<StaffAuditList, Paged<StaffAuditQuery>>({
      query: (query) => ({ url: '/staff/audit', params: definedParams(query) }),
      providesTags: ['StaffAudit'],
    }),
  }),
});

// the role dialog and the user view show their own failures; the shell asks everyone's role and shows no failure
markQuietEndpoints('setStaffRole', 'staffUser', 'staffMe');

export const { useStaffMeQuery, useStaffUsersQuery, useStaffUserQuery, useSetStaffRoleMutation, useStaffAuditQuery } =
  staffApi;
