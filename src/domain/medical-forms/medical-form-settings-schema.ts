import { z } from 'zod';

/**
 * MedicalFormSettings as an admin sends them and as they are stored: a real day, and a folder of
 * Cloudinary-safe segments (letters, digits, spaces, '_', '-') separated by '/'.
 */
export const medicalFormSettingsSchema = z.strictObject({
  cutoff: z.iso.date({ error: 'Data di inizio della scheda medica non valida.' }),
  folder: z
    .string({ error: 'Scrivi la cartella delle schede mediche.' })
    .trim()
    .regex(/^[\p{L}\p{N} _-]+(\/[\p{L}\p{N} _-]+)*$/u, {
      error: 'Cartella non valida: usa lettere, numeri, spazi, «-» e «_», separati da «/».',
    })
    .max(100, { error: 'Il nome della cartella ha al massimo 100 caratteri.' }),
});
