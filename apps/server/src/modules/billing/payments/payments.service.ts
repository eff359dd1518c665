import type { PaymentMethod, PaymentMethodList } from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import type { UsersService } from '../../users/users.service.js';
import type { PaymentProvider, StoredMethod } from '../billing.types.js';
import { methodNotFound, paymentError } from './payments.errors.js';
import type { PaymentsRepository } from './payments.repository.js';

const toMethod = ({ ref, ...rest }: StoredMethod): PaymentMethod => ({ id: ref, ...rest });

/**
 * The caller's payment methods over whichever provider runs (provider-agnostic): the provider's customer is made
 * once per user and kept in billing_customers, and a method id is acted on only when it is among the caller's.
 */
export function createPaymentsService(deps: {
  repo: PaymentsRepository;
  provider: PaymentProvider;
  users: Pick<UsersService, 'getById'>;
  clock: Clock;
  publicUrl: string;
}) {
  const { repo, provider, users, clock } = deps;
  const appOrigin = new URL(deps.publicUrl).origin;

  /** The user's customer at the provider, made on first use; every later call answers the same one. */
  async function ensureCustomer(user: { id: string; email: string; name: string }): Promise<string> {
    const known = await repo.customerRef(user.id, provider.kind);
    if (known) return known;
    const made = await provider.ensureCustomer(user);
    await repo.insertCustomer({ userId: user.id, provider: provider.kind, customerRef: made, createdAt: clock.now() });
    // a racing request may have stored its customer first: everyone uses the stored one
    return (await repo.customerRef(user.id, provider.kind)) ?? made;
  }

  async function customerOf(userId: string): Promise<string> {
    const known = await repo.customerRef(userId, provider.kind);
    if (known) return known;
    const user = await users.getById(userId);
    const name = `${user.firstName} ${user.lastName}`.trim() || user.username;
    return ensureCustomer({ id: user.id, email: user.email, name });
  }

  /** A path of the app or an address on its origin, as an absolute URL; anything else could send the browser away. */
  function returnUrlOf(value: string): string {
    let url: URL | undefined;
    try {
      url =
        value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')
          ? new URL(value, appOrigin)
          : new URL(value);
    } catch {
      url = undefined;
    }
    if (!url || url.origin !== appOrigin) {
      throw paymentError.onField(
        'return_url',
        'PAYMENT_RETURN_URL_INVALID',
        `Return URL must be a path of this app (such as /settings/plan_billing) or an address on ${appOrigin}.`,
      );
    }
    return url.toString();
  }

  async function list(userId: string): Promise<PaymentMethodList> {
    const ref = await repo.customerRef(userId, provider.kind);
    const methods = ref ? (await provider.listMethods(ref)).map(toMethod) : [];
    return { provider: { kind: provider.kind, label: provider.label }, methods };
  }

  /** The caller's customer when `methodId` is one of their methods; a 404 otherwise (also another user's id). */
  async function ownerOf(userId: string, methodId: string): Promise<string> {
    const ref = await repo.customerRef(userId, provider.kind);
    if (!ref || !(await provider.listMethods(ref)).some((m) => m.ref === methodId)) throw methodNotFound();
    return ref;
  }

  return {
    ensureCustomer,

    async session(userId: string, returnUrl: string): Promise<{ id: string; url: string }> {
      const absolute = returnUrlOf(returnUrl);
      const customerRef = await customerOf(userId);
      return provider.createSession({ customerRef, userId, returnUrl: absolute });
    },

    list,

    async remove(userId: string, methodId: string): Promise<PaymentMethodList> {
      await provider.removeMethod(await ownerOf(userId, methodId), methodId);
      return list(userId);
    },

    async makeDefault(userId: string, methodId: string): Promise<PaymentMethodList> {
      await provider.setDefaultMethod(await ownerOf(userId, methodId), methodId);
      return list(userId);
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
