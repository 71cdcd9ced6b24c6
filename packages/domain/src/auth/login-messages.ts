/** SPEC §8 login texts. */
export const LOGIN_MESSAGES = {
  invalid: 'Invalid login. Please try again.',
  tooMany: 'Too many login attempts. Please contact support or try again later.',
  problem: 'Sorry, there was a problem. Please try signing in later.',
  zone: 'Unable to login to this zone',
} as const;
