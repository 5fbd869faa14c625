/** The auth module's face: what other modules and the app use of it. */

export { adminMembersRoutes } from './admin-routes.ts';
export { registerAuth } from './plugin.ts';
export { authRoutes } from './routes.ts';
export { type AccountServices, resendMemberCode } from './service.ts';
export { revokeMemberSessions } from './sessions.ts';
