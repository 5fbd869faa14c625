/**
 * A full page load at `url` (spec: logout relaunches at home; supplier links reload with the
 * supplier parameter). One seam so tests can observe it without a real navigation.
 */
export const relaunch = (url: string) => {
  window.location.assign(url);
};
