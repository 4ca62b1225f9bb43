import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@visage/contracts';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { checkImageFile } from '../../../lib/image-files';
import { compressedName } from './file-checks';

describe('checkImageFile', () => {
  it('accepts jpeg, png and jpg up to 10 MB', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(checkImageFile({ type: 'image/png', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(checkImageFile({ type: 'image/jpg', size: 1 })).toBeNull();
  });

  it('refuses other types, whatever their size', () => {
    expect(checkImageFile({ type: 'image/gif', size: 10 })).toBe('invalid_type');
    expect(checkImageFile({ type: 'text/plain', size: MAX_UPLOAD_BYTES + 1 })).toBe('invalid_type');
    expect(checkImageFile({ type: '', size: 10 })).toBe('invalid_type');
  });

  it('refuses files over 10485760 bytes', () => {
    expect(MAX_UPLOAD_BYTES).toBe(10_485_760);
    expect(checkImageFile({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES + 1 })).toBe('too_large');
  });
});

describe('alert texts of the file checks', () => {
  it('uses the exact English messages', () => {
    expect(en.alerts.invalidType).toBe('Please select a valid image file (jpeg, png, or jpg).');
    expect(en.alerts.tooLarge).toBe('(EN) The file size should be less than 10 MB.(FR) La taille du fichier doit être inférieur à 10 MB.');
    expect(en.alerts.missing).toBe('Please select both target and source images.');
    expect(en.alerts.compressFailed).toBe('An error occurred while compressing the image.');
    expect(en.alerts.success).toBe('Faces swapped successfully!');
    expect(en.alerts.failed).toBe('Failed to swap faces.');
  });

  it('keeps the bilingual size message as one string in French too', () => {
    expect(fr.alerts.tooLarge).toBe(en.alerts.tooLarge);
  });
});

describe('compressedName', () => {
  it('appends -compressed.jpeg to the name without its extension', () => {
    expect(compressedName('holiday.png')).toBe('holiday-compressed.jpeg');
    expect(compressedName('my.photo.JPG')).toBe('my.photo-compressed.jpeg');
    expect(compressedName('noext')).toBe('noext-compressed.jpeg');
    expect(compressedName('.png')).toBe('.png-compressed.jpeg');
  });
});
