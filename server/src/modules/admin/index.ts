/** The admin module's face: what other modules and the app use of it. */
export { auditedChange, recordAudit } from './audit.ts';
export { DEMO_OWNER_NAME, ensureDemoOwner } from './demo-owner.ts';
export { requireOperator } from './guard.ts';
export { createOperator, listOperators, operatorNamed, resetOperatorAccess } from './operators.ts';
export { MAY, OPERATOR_ROLES, type OperatorRole } from './roles.ts';
export { adminRoutes } from './routes.ts';
export { operatorNameSchema, operatorPasswordSchema } from './schemas.ts';
export { operatorOfToken } from './sessions.ts';
