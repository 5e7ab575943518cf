import { privacy } from '../../group.config.json';

/**
 * The group's privacy choices (group.config.json `privacy`, checked when the
 * site builds; docs/privacy.md): the notice's version, who to write to,
 * when a season ends and how long the portal keeps what.
 */
export const PRIVACY = {
  /** yyyy-mm-dd: stored with each parent's consent. */
  noticeVersion: privacy.noticeVersion,
  representative: privacy.representative,
  contactEmail: privacy.contactEmail,
  mailProvider: privacy.mailProvider,
  /** mm-dd. */
  seasonEnds: privacy.seasonEnds,
  medicalFormRetentionDays: privacy.medicalFormRetentionDays,
  accountingRetentionYears: privacy.accountingRetentionYears,
  rosterRetentionYears: privacy.rosterRetentionYears,
  /** Years the signatures of the group's documents are kept after their season ends (docs/privacy.md, "Signatures"). */
  signatureRetentionYears: privacy.signatureRetentionYears,
  /** Days a waiting-list application is kept after it left the list (docs/privacy.md, "The waiting list"). */
  admissionRetentionDays: privacy.admissionRetentionDays,
} as const;
