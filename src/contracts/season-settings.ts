import { z } from 'zod/mini';
import { catalogueProductSchema } from '@domain/catalogue/product-schema';
import { defineContract } from './contract';

/**
 * season-settings, GET, public (docs/api.md, "season-settings"): what the
 * payment screens show of the current season's settings: the season,
 * whether card payments carry the 'Commissioni Servizio', the catalogue
 * (the transfer pages' prices, a season product's page) and the account
 * for the Bonifico. Nothing personal; the functions price every order themselves.
 */
export const seasonSettingsContract = defineContract({
  name: 'season-settings',
  method: 'GET',
  request: null,
  answer: z.object({
    season: z.number().check(z.int(), z.positive()),
    cardFee: z.boolean(),
    catalogue: z.array(catalogueProductSchema),
    bankAccount: z.object({ holder: z.string(), iban: z.string() }),
  }),
  messages: {},
});
export type PublicSeasonSettings = z.infer<typeof seasonSettingsContract.answer>;
