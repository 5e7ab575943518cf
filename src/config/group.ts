/**
 * The group's public data, in one place (footer, top bar, menu and the transfer pages, docs/product.md "Screens"). Values
 * we do not know yet are placeholders marked `PLACEHOLDER:`; replace them
 * before going live (README, "Deploy").
 */

/** Base address of the group's main website. */
// PLACEHOLDER: the group's main website.
const MAIN_SITE = 'https://www.example.org';

export const GROUP = {
  // PLACEHOLDER: the group's official name.
  name: 'Gruppo Scout Manziana 1',
  /** Postal address shown in the footer. */
  // PLACEHOLDER: the group's postal address in Manziana (RM).
  address: 'Via della Sede Scout 1, 00066 Manziana (RM)',
  /** Where parents write to the group (a missing e-mail, a question); shown in messages and e-mails. */
  // PLACEHOLDER: the group's contact address.
  email: 'segreteria@example.org',
  /** Bank account for Bonifico payments (the `/bonifico/...` pages, docs/product.md "Screens"). */
  bankAccount: {
    // PLACEHOLDER: the account holder's name as the bank has it.
    holder: 'Gruppo Scout Manziana 1',
    // PLACEHOLDER: the group's IBAN (this is the standard Italian example IBAN).
    iban: 'IT60X0542811101000000123456',
  },
  links: {
    mainSite: MAIN_SITE,
    // PLACEHOLDER: the branch pages on the main site.
    branco: `${MAIN_SITE}/branco`,
    reparto: `${MAIN_SITE}/reparto`,
    clan: `${MAIN_SITE}/clan`,
    // PLACEHOLDER: events, blog and waiting-list pages on the main site.
    eventi: `${MAIN_SITE}/eventi`,
    blog: `${MAIN_SITE}/blog`,
    listaAttesa: `${MAIN_SITE}/lista-d-attesa`,
    // PLACEHOLDER: the donation page ('Dona Ora').
    donation: `${MAIN_SITE}/dona`,
    // PLACEHOLDER: the group's social page.
    social: 'https://www.facebook.com/example',
  },
} as const;
