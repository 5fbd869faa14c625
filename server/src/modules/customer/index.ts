/** The customer module's face: what other modules and the app use of it. */
export { PICTURE_MULTIPART, storeMemberPicture } from './avatar.ts';
export { clubMemberState, holdClubMember, setClubUntil } from './club-member.ts';
export { memberProfile, searchMembers, setMemberDisabled } from './member-admin.ts';
export {
  type MemberContact,
  memberContactColumn,
  memberContacts,
  memberIdsMatching,
} from './member-lookup.ts';
export {
  joinMember,
  type MemberNameRow,
  memberEnabled,
  memberNameColumn,
  sessionMemberColumns,
  sessionMemberFields,
} from './member-sql.ts';
export { customerRoutes } from './routes.ts';
export { accountsDemoSeed } from './seed.ts';
export {
  assertFree,
  avatarFolder,
  EMAIL_TAKEN,
  emailOwner,
  findCredentials,
  findMember,
  findPasswordHash,
  getMember,
  holdMember,
  insertMember,
  memberEmail,
  memberEmailSql,
  PHONE_TAKEN,
  phoneOwner,
  type RetailRegisterInput,
  setEmail,
  setPasswordHash,
  setPhone,
  type WholesaleRegisterInput,
} from './service.ts';
