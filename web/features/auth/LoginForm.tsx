import type { LoggedUser } from '@common/auth/auth.schema';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { hasErrors, type LoginErrors, loginErrorsFrom, validateLogin } from './login-errors';
import { login } from './session-actions';

interface LoginFormProps {
  onSuccess: (user: LoggedUser) => void;
  /** Focus the e-mail field on mount (the header dropdown opens straight into typing). */
  autoFocus?: boolean;
}

/** Login form, used by the header dropdown and by the /login page. */
export function LoginForm({ onSuccess, autoFocus = false }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (autoFocus) emailRef.current?.focus();
  }, [autoFocus]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const clientErrors = validateLogin({ email, password });
    setErrors(clientErrors);
    if (hasErrors(clientErrors)) return;
    setSubmitting(true);
    try {
      const user = await login({ email: email.trim(), password });
      onSuccess(user);
    } catch (error) {
      setErrors(loginErrorsFrom(error));
      setSubmitting(false);
    }
  };

  return (
    // noValidate: our messages (Romanian, next to the field) replace the browser's bubbles,
    // while `type="email"` and `required` stay on the inputs for semantics.
    <form onSubmit={handleSubmit} noValidate aria-label="Autentificare">
      <Stack gap="sm">
        {errors.form && (
          <Alert color="red" variant="light" p="xs" role="alert" data-testid="login-error">
            {errors.form}
          </Alert>
        )}
        <TextInput
          label="E-mail"
          name="email"
          type="email"
          autoComplete="username"
          required
          ref={emailRef}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
        />
        <PasswordInput
          label="Parolă"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          Intră în cont
        </Button>
      </Stack>
    </form>
  );
}
