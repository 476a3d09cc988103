import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent, ReactNode } from 'react';
import { type DefaultValues, type FieldValues, type Resolver, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, Input } from '../../components/ui/field.tsx';

/**
 * A react-hook-form form for one account form, validated in the browser with the server's own input schema
 * (`@walkon/domain/schemas`), so the field messages match what the server would answer.
 */
export function useAccountForm<T extends FieldValues>(schema: Parameters<typeof zodResolver>[0], defaultValues: DefaultValues<T>) {
  return useForm<T>({ defaultValues, resolver: zodResolver(schema) as unknown as Resolver<T> });
}

/** One labelled text input of an account form: `id` ties label and input; `error` is the field's message. */
export function AccountField({
  label,
  id,
  type,
  autoComplete,
  error,
  registration,
}: {
  label: string;
  id: string;
  type: 'email' | 'password';
  autoComplete: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field label={label} htmlFor={id} error={error}>
      <Input id={id} type={type} autoComplete={autoComplete} {...registration} />
    </Field>
  );
}

/**
 * An account settings card holding one form: the fields, the server's error (role="alert"), an optional
 * status line, and the submit button, disabled and showing `pendingText` while the request runs.
 */
export function AccountFormCard({
  title,
  onSubmit,
  error,
  status,
  pending,
  submitText,
  pendingText,
  children,
}: {
  title: string;
  /** The form's submit handler, e.g. react-hook-form's `handleSubmit(...)`. */
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  error: string | undefined;
  status?: ReactNode;
  pending: boolean;
  submitText: string;
  pendingText: string;
  children: ReactNode;
}) {
  return (
    <Card title={title}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {children}
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        {status}
        <Button type="submit" disabled={pending}>
          {pending ? pendingText : submitText}
        </Button>
      </form>
    </Card>
  );
}
