import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Share, SquarePlus } from 'lucide-react';
import { Switch as RadixSwitch } from 'radix-ui';
import { useCallback, useEffect, useId, useState } from 'react';
import { Card } from '../../components/ui/card.tsx';
import { toast } from '../../lib/toast.ts';
import { deleteSubscription, fetchPublicKey, listDevices, type PushSubscriptionInput, saveSubscription } from './pushApi.ts';
import { currentBrowserFacts, deviceLabel, type PushSupport, pushSupport, sameKey, urlBase64ToUint8Array } from './pushSupport.ts';

type Status = 'checking' | 'off' | 'on' | 'working';

/** The sentence for a failed step: the browser's refusal in words a visitor can act on. */
function explain(err: unknown): string {
  const name = err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError')
    return 'This browser refused push alerts for WalkOn. Allow notifications for this site in its settings, then try again.';
  if (name === 'AbortError' || name === 'NotSupportedError')
    return 'The browser could not reach its push service. Check the connection and try again; your other alerts keep coming meanwhile.';
  return err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.';
}

/** What `push.subscribe` takes for a browser subscription: its standard JSON and this device's name. */
function subscriptionInput(sub: PushSubscription): PushSubscriptionInput {
  const json = sub.toJSON();
  return {
    endpoint: sub.endpoint,
    expirationTime: sub.expirationTime,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    deviceLabel: deviceLabel(currentBrowserFacts()),
  };
}

/** This origin's service worker registration, registering it when the page has not yet (sw/register.ts). */
async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** The "Add to Home Screen" steps for iOS, where Web Push reaches only an installed web app (16.4+). */
function HomeScreenSteps() {
  return (
    <div className="space-y-3 text-sm text-slate-700" data-testid="ios-home-screen">
      <p>On iPhone and iPad, notifications reach WalkOn only once it is on your Home Screen (iOS 16.4 or later). It takes three taps:</p>
      <ol className="list-decimal space-y-2 pl-5">
        <li>
          Tap <Share className="inline h-4 w-4 align-text-bottom" aria-hidden="true" /> <strong>Share</strong> in Safari's toolbar.
        </li>
        <li>
          Choose <SquarePlus className="inline h-4 w-4 align-text-bottom" aria-hidden="true" /> <strong>Add to Home Screen</strong>, then{' '}
          <strong>Add</strong>.
        </li>
        <li>Open WalkOn from its new Home Screen icon, sign in, and turn on alerts on this phone here.</li>
      </ol>
      <p>Until then your alerts keep coming by e-mail (or text, with an SMS pass).</p>
    </div>
  );
}

/** What the card says instead of the switch, for browsers that cannot receive push alerts. */
function Unavailable({ support }: { support: Exclude<PushSupport, 'supported' | 'ios-home-screen'> }) {
  return (
    <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="push-unsupported">
      {support === 'ios-too-old'
        ? 'Push alerts need iOS 16.4 or later. Update iOS to get them; your alerts keep coming by e-mail meanwhile.'
        : 'This browser cannot receive push alerts. Try Chrome, Edge, Firefox or Safari; your alerts keep coming by e-mail meanwhile.'}
    </p>
  );
}

/**
 * "Alerts on this phone", on Get Alerts and Manage Alerts: a switch that, on the
 * person's tap, asks for notification permission, subscribes this browser's push service with the server's
 * VAPID key and stores the subscription on the account (`push.subscribe`); off deletes it (`push.unsubscribe`)
 * and ends the browser's subscription. Push is free with any pass and goes beside the pass's channel. It shows
 * the state, why it cannot be on (permission blocked, browser without push, iOS outside the Home Screen: the
 * walkthrough instead of the switch) and, while it is on, the account's devices. A subscription this browser already has
 * is stored again on load, so the account that is signed in here is the one it belongs to.
 */
export function PhoneAlertsCard() {
  const [support] = useState<PushSupport>(() => pushSupport(currentBrowserFacts()));
  const [status, setStatus] = useState<Status>('checking');
  const [error, setError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const queryClient = useQueryClient();
  const switchId = useId();

  useEffect(() => {
    if (support !== 'supported') return;
    let live = true;
    void (async () => {
      try {
        setBlocked(Notification.permission === 'denied');
        const reg = await navigator.serviceWorker.getRegistration('/');
        const sub = reg ? await reg.pushManager.getSubscription() : null;
        if (sub && Notification.permission === 'granted') {
          await saveSubscription(subscriptionInput(sub));
          void queryClient.invalidateQueries({ queryKey: ['push.list'] });
        }
        if (live) setStatus(sub && Notification.permission === 'granted' ? 'on' : 'off');
      } catch (err) {
        if (live) {
          setStatus('off');
          setError(explain(err));
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [support, queryClient]);

  const turnOn = useCallback(async () => {
    setError(null);
    setStatus('working');
    try {
      // First, inside the tap: Safari asks for permission only from a user gesture.
      const permission = await Notification.requestPermission();
      setBlocked(permission === 'denied');
      if (permission !== 'granted') {
        setError(
          permission === 'denied'
            ? 'Notifications are blocked for WalkOn in this browser. Allow them in the site settings (the icon beside the address), then turn this on again.'
            : 'Notifications were not allowed, so nothing changed. Turn this on again and choose Allow.',
        );
        setStatus('off');
        return;
      }
      const reg = await registration();
      const key = urlBase64ToUint8Array(await fetchPublicKey());
      let sub = await reg.pushManager.getSubscription();
      if (sub && !sameKey(sub.options.applicationServerKey, key)) {
        await sub.unsubscribe();
        sub = null;
      }
      sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      try {
        await saveSubscription(subscriptionInput(sub));
      } catch (err) {
        await sub.unsubscribe().catch(() => undefined);
        throw err;
      }
      setStatus('on');
      toast.success('Alerts on this phone are on', { description: 'Each alert now also arrives as a notification here.' });
    } catch (err) {
      setStatus('off');
      setError(explain(err));
    } finally {
      void queryClient.invalidateQueries({ queryKey: ['push.list'] });
    }
  }, [queryClient]);

  const turnOff = useCallback(async () => {
    setError(null);
    setStatus('working');
    try {
      const reg = await navigator.serviceWorker.getRegistration('/');
      const sub = reg ? await reg.pushManager.getSubscription() : null;
      if (sub) {
        await deleteSubscription(sub.endpoint);
        await sub.unsubscribe();
      }
      setStatus('off');
      toast.success('Alerts on this phone are off');
    } catch (err) {
      setStatus('on');
      setError(explain(err));
    } finally {
      void queryClient.invalidateQueries({ queryKey: ['push.list'] });
    }
  }, [queryClient]);

  // The account's devices, shown while this phone's alerts are on (one request fewer for every other visit).
  const devices = useQuery({ queryKey: ['push.list'], queryFn: listDevices, enabled: support === 'supported' && status === 'on' });
  const others = devices.data ?? [];
  return (
    <Card title="Alerts on this phone" data-testid="phone-alerts">
      <p className="mb-4 text-sm text-slate-700">
        Free with any day pass: each alert also shows up as a notification on this phone's lock screen, beside your e-mail or text. No phone
        number needed.
      </p>
      {support === 'ios-home-screen' ? (
        <HomeScreenSteps />
      ) : support !== 'supported' ? (
        <Unavailable support={support} />
      ) : (
        <div className="space-y-3">
          <div className="flex items-center gap-3">
            <RadixSwitch.Root
              id={switchId}
              checked={status === 'on'}
              disabled={status === 'checking' || status === 'working'}
              onCheckedChange={(on) => void (on ? turnOn() : turnOff())}
              className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors disabled:opacity-60 data-[state=checked]:bg-brand-700"
            >
              <RadixSwitch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
            </RadixSwitch.Root>
            <label htmlFor={switchId} className="font-medium text-slate-900">
              Alerts on this phone
            </label>
          </div>
          <p role="status" className="text-sm text-slate-700" data-testid="phone-alerts-status">
            {status === 'checking'
              ? 'Checking this browser…'
              : status === 'working'
                ? 'One moment…'
                : status === 'on'
                  ? 'On: alerts arrive here as notifications.'
                  : blocked
                    ? 'Off: notifications are blocked for WalkOn in this browser.'
                    : 'Off: alerts come by e-mail or text only.'}
          </p>
          {error ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {error}
            </p>
          ) : null}
          {devices.error ? (
            <p className="text-sm text-red-800">Your devices could not be loaded: {explain(devices.error)}</p>
          ) : others.length ? (
            <div className="text-sm text-slate-700">
              <p className="font-medium text-slate-900">Devices with push alerts</p>
              <ul className="mt-1 list-disc pl-5" data-testid="push-devices">
                {others.map((d) => (
                  <li key={d.id}>
                    {d.deviceLabel ?? 'A browser'}, added {new Date(d.createdAt).toLocaleDateString()}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      )}
    </Card>
  );
}
