/**
 * Writes public/scheda-medica.pdf: the blank one-page medical form parents
 * download from /scheda-medica, fill in, sign and upload.
 *   npx tsx scripts/make-blank-medical-form.ts
 */
import { writeFileSync } from 'node:fs';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { GROUP } from '@config/group';
import { SEASON } from '@config/season';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const PURPLE = rgb(0.345, 0.145, 0.498);

const doc = await PDFDocument.create();
doc.setTitle(`Scheda Medica ${SEASON.campYear}`);
doc.setAuthor(GROUP.name);
doc.setLanguage('it-IT');
const page = doc.addPage([A4.width, A4.height]);
const regular = await doc.embedFont(StandardFonts.Helvetica);
const bold = await doc.embedFont(StandardFonts.HelveticaBold);
let y = A4.height - MARGIN;

const text = (value: string, size = 10, font = regular, x = MARGIN) => {
  page.drawText(value, { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
};
const line = (label: string, width = A4.width - 2 * MARGIN) => {
  text(label, 10, regular);
  const labelWidth = regular.widthOfTextAtSize(label, 10) + 6;
  page.drawLine({
    start: { x: MARGIN + labelWidth, y: y - 2 },
    end: { x: MARGIN + width, y: y - 2 },
    thickness: 0.5,
    color: rgb(0.5, 0.5, 0.5),
  });
  y -= 22;
};
const heading = (value: string) => {
  y -= 8;
  page.drawText(value, { x: MARGIN, y, size: 12, font: bold, color: PURPLE });
  y -= 20;
};
const box = (label: string) => {
  text(label);
  y -= 6;
  page.drawRectangle({ x: MARGIN, y: y - 40, width: A4.width - 2 * MARGIN, height: 40, borderColor: rgb(0.6, 0.6, 0.6), borderWidth: 0.5 });
  y -= 56;
};

page.drawText(GROUP.name, { x: MARGIN, y, size: 11, font: bold, color: PURPLE });
y -= 26;
page.drawText(`Scheda Medica - Campo Estivo ${SEASON.campYear}`, { x: MARGIN, y, size: 18, font: bold });
y -= 18;
text("Da compilare a cura del genitore, firmare e caricare in PDF nell'Area Documenti del portale.", 9);
y -= 14;

heading('Dati del ragazzo/a');
line('Cognome e nome:');
line('Data e luogo di nascita:');
line('Codice fiscale:');
line('Branca (Branco, Reparto, Clan):');

heading('Informazioni sanitarie');
box('Allergie (farmaci, alimenti, insetti, altro):');
box('Intolleranze alimentari e diete particolari:');
box('Terapie in corso (farmaco, dose, orari):');
line('Vaccinazione antitetanica (data ultimo richiamo):');
box("Altre note utili per i capi (malattie, interventi, limitazioni all'attività fisica):");

heading('Recapiti in caso di necessità');
line('Genitore o tutore:');
line('Telefono:');
line('Medico curante e telefono:');

y -= 6;
text('Il sottoscritto dichiara che le informazioni riportate sono complete e veritiere e autorizza i capi', 9);
y -= 12;
text('a far prestare al ragazzo/a le cure mediche urgenti eventualmente necessarie.', 9);
y -= 32;
line('Data:', 200);
y += 22;
page.drawText('Firma del genitore:', { x: MARGIN + 240, y, size: 10, font: regular });
page.drawLine({ start: { x: MARGIN + 340, y: y - 2 }, end: { x: A4.width - MARGIN, y: y - 2 }, thickness: 0.5, color: rgb(0.5, 0.5, 0.5) });

const bytes = await doc.save();
writeFileSync('public/scheda-medica.pdf', bytes);
console.log(`public/scheda-medica.pdf written (${bytes.length} bytes, 1 page)`);
