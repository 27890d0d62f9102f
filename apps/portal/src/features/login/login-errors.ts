/** Where a sign-in error is shown (spec 000 §8): under a field, or above the form. */
export type LoginErrorPlace = 'username' | 'password' | 'form';

export function loginErrorPlace(key: string | null): LoginErrorPlace {
  if (key === 'USER_NOT_FOUND') return 'username';
  if (key === 'WRONG_PASSWORD') return 'password';
  return 'form';
}
