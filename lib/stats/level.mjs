/** The confidence level of every interval, before Holm's correction widens those of several candidates. */
export const LEVEL = 0.95;
