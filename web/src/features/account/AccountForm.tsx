import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent, ReactNode } from 'react';
import { type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
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

/**
 * One labelled input of an account form, registered as field `name` of `form`: `id` ties label and input; the
 * message shown is `error` when given, else the field's own validation message. `type` is 'password' unless told.
 */
export function AccountField<T extends FieldValues>({
  form,
  name,
  label,
  id,
  type = 'password',
  autoComplete,
  error,
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  id: string;
  type?: 'email' | 'password';
  autoComplete: string;
  error?: string;
}) {
  return (
    <Field label={label} htmlFor={id} error={error ?? form.getFieldState(name, form.formState).error?.message}>
      <Input id={id} type={type} autoComplete={autoComplete} {...form.register(name)} />
    </Field>
  );
}

/**
 * An account settings card holding one form: the fields, the `mutation`'s error (role="alert"), an optional
 * status line, and the submit button, disabled and showing `pendingText` while the mutation runs.
 */
export function AccountFormCard({
  title,
  onSubmit,
  mutation,
  status,
  submitText,
  pendingText,
  children,
}: {
  title: string;
  /** The form's submit handler, e.g. react-hook-form's `handleSubmit(...)`. */
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  /** The tRPC mutation the form sends (its error and pending state). */
  mutation: { error: { message: string } | null; isPending: boolean };
  status?: ReactNode;
  submitText: string;
  pendingText: string;
  children: ReactNode;
}) {
  return (
    <Card title={title}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {children}
        {mutation.error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {mutation.error.message}
          </p>
        ) : null}
        {status}
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? pendingText : submitText}
        </Button>
      </form>
    </Card>
  );
}
