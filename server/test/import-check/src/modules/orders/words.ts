export const label = 'shipped';
