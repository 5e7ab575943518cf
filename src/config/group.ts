import { address, bankAccount, email, links, logo, name } from '../../group.config.json';

/**
 * The group's identity as the site, the e-mails and the transfer pages use
 * it: name, address, contact e-mail, logo, bank account and links. It lives
 * in `group.config.json` at the repository's root, checked when the site
 * builds (checkGroupConfig, docs/deploy.md "The group's identity"); nothing
 * else in src/ holds the group's data. Named imports keep what only the
 * server prints (the fiscal code, the receipt footer: src/config/receipt.ts)
 * out of the browser's bundle.
 */
export const GROUP = { name, address, email, logo, bankAccount, links } as const;
