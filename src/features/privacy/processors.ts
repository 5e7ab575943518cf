import { PRIVACY } from '@config/privacy';

/** A service that handles the portal's data for the group (a processor, GDPR art. 28): what for, who, where. */
export interface Processor {
  service: string;
  purpose: string;
  company: string;
  /** Where the data is processed, and on what basis when outside the EU. */
  where: string;
}

/**
 * The processors the portal's architecture uses (docs/privacy.md,
 * "Processors"; docs/deploy.md). Which company of each contracts with the
 * group and where its data sits depend on the accounts the group opens: the
 * group checks this list when it deploys.
 */
export const PROCESSORS: readonly Processor[] = [
  {
    service: 'Netlify',
    purpose: 'pubblica il sito ed esegue le funzioni che leggono e scrivono i dati',
    company: 'Netlify, Inc.',
    where:
      'Stati Uniti (le funzioni del piano gratuito girano negli USA): trasferimento con le clausole contrattuali tipo della Commissione europea',
  },
  {
    service: 'Google Firebase (Cloud Firestore, Authentication)',
    purpose: 'conserva anagrafica, pagamenti e registro; gestisce gli accessi dei volontari',
    company: 'Google Ireland Limited',
    where: 'Unione europea (la regione scelta dal gruppo per il database)',
  },
  {
    service: 'Stripe',
    purpose: 'incassa i pagamenti con carta: i dati della carta vanno solo a Stripe',
    company: 'Stripe Payments Europe, Ltd. (Irlanda)',
    where: 'Unione europea, con trasferimenti negli USA coperti dalle clausole contrattuali tipo',
  },
  {
    service: 'Cloudinary',
    purpose: 'conserva i PDF delle schede mediche, accessibili solo con link firmati di 5 minuti',
    company: 'Cloudinary Ltd.',
    where: 'Stati Uniti: trasferimento con le clausole contrattuali tipo della Commissione europea',
  },
  {
    service: 'Invio e-mail (SMTP)',
    purpose: 'recapita i codici di accesso, le conferme, le ricevute e i promemoria',
    company: PRIVACY.mailProvider,
    where: 'come indicato dal fornitore scelto dal gruppo',
  },
];
