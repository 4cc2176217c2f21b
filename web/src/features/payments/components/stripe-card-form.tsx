// Loaded only when the shop's provider is Stripe: the test-mode page and the rest of the app
// never download Stripe's libraries.
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeCardElementOptions } from '@stripe/stripe-js';
import { useId, useState, type FormEvent } from 'react';
import { FIELD_LABEL, fieldBorder } from '../../../components/ui/form-field.tsx';
import { CardFormFrame, type CardFormProps } from './card-form-parts.tsx';

/** One Stripe.js instance per publishable key for the life of the tab. */
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/** The shop's colours inside Stripe's card frame (placeholder slate-500: 4.7:1 on white). */
const CARD_OPTIONS: StripeCardElementOptions = {
  hidePostalCode: false,
  style: {
    base: {
      fontSize: '16px',
      color: '#0f172a',
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
      '::placeholder': { color: '#64748b' },
    },
    invalid: { color: '#b91c1c', iconColor: '#b91c1c' },
  },
};

function StripeFields(card: CardFormProps) {
  const { clientSecret, defaultName, email, locked, onSucceeded } = card;
  const id = useId();
  const stripe = useStripe();
  const elements = useElements();
  const [cardReady, setCardReady] = useState(false);
  const [name, setName] = useState(defaultName);
  const [paying, setPaying] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret || locked || paying) return;
    setPaying(true);
    setCardError(null);
    try {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: name.trim() || undefined, email } },
      });
      if (result.error) {
        setCardError(result.error.message ?? 'Your card could not be charged.');
      } else if (result.paymentIntent.status === 'succeeded') {
        onSucceeded(result.paymentIntent.id);
      } else {
        setCardError('Your bank has not confirmed the payment yet. Please try again.');
      }
    } catch {
      setCardError('We could not reach the payment provider. Check your connection and try again.');
    } finally {
      setPaying(false);
    }
  };

  return (
    <CardFormFrame
      card={card}
      ready={cardReady && !!stripe && !!elements}
      charging={paying}
      error={cardError}
      onSubmit={(event) => void onSubmit(event)}
    >
      <div>
        <label htmlFor={`${id}-name`} className={FIELD_LABEL}>
          Name on card
        </label>
        <input
          id={`${id}-name`}
          type="text"
          autoComplete="cc-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          className={`input w-full border ${fieldBorder(false)}`}
        />
      </div>
      <div role="group" aria-labelledby={`${id}-card`}>
        <p id={`${id}-card`} className={FIELD_LABEL}>
          Card details
        </p>
        <div className="rounded-field border border-slate-500 bg-white px-3 py-3 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary">
          <CardElement
            options={CARD_OPTIONS}
            onReady={() => setCardReady(true)}
            onChange={(event) => setCardError(event.error?.message ?? null)}
          />
        </div>
      </div>
    </CardFormFrame>
  );
}

/** The card form for Stripe (provider 'stripe'): Stripe Elements' CardElement. */
export default function StripeCardForm({
  publishableKey,
  ...props
}: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeFields {...props} />
    </Elements>
  );
}
