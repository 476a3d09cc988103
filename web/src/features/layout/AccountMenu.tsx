import { useNavigate } from '@tanstack/react-router';
import { ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Button } from '../../components/ui/button.tsx';
import { useLogOut } from '../../lib/session.ts';

/**
 * The signed-in user menu (docs/spec/part-1.md §2): the e-mail (truncated at 100 px) opens a 14rem dropdown with
 * "Signed in as", Manage Alerts, Account and Log out. Loaded lazily: signed-out visitors never download it.
 */
export default function AccountMenu({ email }: { email: string }) {
  const logOut = useLogOut();
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" size="sm" aria-label={`Account menu for ${email}`}>
          <span className="max-w-[100px] truncate">{email}</span>
          <ChevronDown className="h-4 w-4" aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg">
          <DropdownMenu.Label className="px-2 py-1.5 text-sm text-slate-600">
            Signed in as <span className="block truncate font-semibold text-slate-900">{email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            onSelect={() => navigate({ to: '/manage-alerts' })}
            className="cursor-pointer rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
          >
            Manage Alerts
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={() => navigate({ to: '/account' })}
            className="cursor-pointer rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
          >
            Account
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={() =>
              void logOut().then((done) => {
                if (done) void navigate({ to: '/' });
              })
            }
            className="cursor-pointer rounded-md px-2 py-2 text-sm text-red-700 outline-none data-[highlighted]:bg-red-50"
          >
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
