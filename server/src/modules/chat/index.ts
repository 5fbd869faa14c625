/** The chat module's face: what other modules and the app use of it. */
export { chatHubOf, chatRoutes } from './routes.ts';
export { chatPicturesOf, readMemberDetails } from './service.ts';
