import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { roleChangeInput } from '@walkon/domain/schemas';
import { formatTime } from '@walkon/domain/timeFormat';
import { type Resolver, useForm } from 'react-hook-form';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Confirm } from '../../components/ui/confirm.tsx';
import { Field, Input, Select } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';

type RoleValues = { email: string; role: 'admin' | 'moderator' };

/**
 * /admin "Roles": accounts holding the moderator or admin role, a form to grant a role by account e-mail,
 * revoke buttons, and the audit of role changes (who, what, to whom, when). The server enforces admin-only
 * access and refuses to remove the last admin.
 */
export function AdminRoles() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const roles = useQuery(trpc.admin.roles.queryOptions());
  const form = useForm<RoleValues>({
    defaultValues: { email: '', role: 'moderator' },
    resolver: zodResolver(roleChangeInput) as unknown as Resolver<RoleValues>,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.roles.queryKey() });
  const grant = useMutation(
    trpc.admin.grantRole.mutationOptions({
      onSuccess: async (r, v) => {
        toast.success(
          r.changed ? `${v.email} is now ${v.role === 'admin' ? 'an admin' : 'a moderator'}` : `${v.email} already had this role`,
        );
        form.reset({ email: '', role: v.role });
        await refresh();
      },
    }),
  );
  const revoke = useMutation(
    trpc.admin.revokeRole.mutationOptions({
      onSuccess: async (_r, v) => {
        toast.success(`Removed the ${v.role} role from ${v.email}`);
        await refresh();
      },
      onError: (e) => toast.error('Could not remove the role', { description: e.message }),
    }),
  );
  const errors = form.formState.errors;
  return (
    <Card title="Roles">
      <form
        onSubmit={form.handleSubmit((v) => grant.mutate(v))}
        noValidate
        className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
        aria-label="Grant a role"
      >
        <Field label="Account e-mail" htmlFor="role-email" error={errors.email?.message ?? grant.error?.message}>
          <Input id="role-email" type="email" autoComplete="off" {...form.register('email')} />
        </Field>
        <Field label="Role" htmlFor="role-role">
          <Select id="role-role" {...form.register('role')}>
            <option value="moderator">Moderator</option>
            <option value="admin">Admin</option>
          </Select>
        </Field>
        <Button type="submit" disabled={grant.isPending}>
          {grant.isPending ? 'Granting...' : 'Grant role'}
        </Button>
      </form>
      <h3 className="mt-6 mb-2 font-semibold">Accounts with a role</h3>
      {roles.isPending ? <Spinner label="Loading roles…" /> : null}
      {roles.error ? (
        <p role="alert" className="text-red-700">
          {roles.error.message}
        </p>
      ) : null}
      <ul className="divide-y divide-slate-100 text-sm">
        {roles.data?.holders.map((h) => (
          <li key={h.id} className="flex flex-wrap items-center gap-2 py-2">
            <span className="min-w-0 flex-1 break-all font-medium">{h.email}</span>
            {h.roles.map((role) => (
              <span key={role} className="flex items-center gap-1">
                <Badge tone={role === 'admin' ? 'brand' : 'blue'}>{role}</Badge>
                <Confirm
                  title={`Remove the ${role} role?`}
                  description={`${h.email} loses ${role} access right away.`}
                  confirmText="Remove role"
                  onConfirm={() => revoke.mutate({ email: h.email, role })}
                  trigger={
                    <Button variant="secondary" size="sm" aria-label={`Remove ${role} from ${h.email}`} disabled={revoke.isPending}>
                      Remove
                    </Button>
                  }
                />
              </span>
            ))}
          </li>
        ))}
      </ul>
      <h3 className="mt-6 mb-2 font-semibold">Role changes</h3>
      {roles.data?.audit.length === 0 ? <p className="text-sm text-slate-600">No role changes yet.</p> : null}
      <ul className="divide-y divide-slate-100 text-sm">
        {roles.data?.audit.map((a) => (
          <li key={a.id} className="py-2">
            <span className="font-medium">{a.actorEmail}</span> {a.action === 'grant' ? 'granted' : 'revoked'} {a.role}{' '}
            {a.action === 'grant' ? 'to' : 'from'} <span className="font-medium">{a.targetEmail}</span>
            <span className="block text-slate-600">{formatTime(a.createdAt, { viewer: undefined }, { date: true })}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
