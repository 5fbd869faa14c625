/** Sends the browser to the payment gateway's card page; its own module so tests can stand in for it. */
export const leavePage = (url: string) => window.location.assign(url);
