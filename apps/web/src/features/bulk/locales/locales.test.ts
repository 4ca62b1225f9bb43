import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';

// en/fr key parity for every namespace is checked once, in src/lib/i18n.test.ts.
describe('bulk locales', () => {
  it('word the operator screens, their file checks and their alerts as the product does', () => {
    expect(en.gate.placeholder).toBe('First Name');
    expect(en.bulk).toMatchObject({ title: "Let's Swap. (69 B)", submit: 'Swap Faces' });
    expect(en.bulk2.select).toBe('Select a Face');
    expect(en.admin.title).toBe("Let's Swap. (S)");
    expect(en.browser).toMatchObject({
      filter: 'Select original face',
      all: 'All',
      loading: 'Loading...',
      submit: 'Submit Selected Images',
      success: 'Metadata updated successfully!',
      failure: 'Failed to update metadata.',
    });
    expect(en.faces).toMatchObject({
      upload: 'Upload Image',
      success: 'Image and metadata uploaded successfully.',
      failure: 'Error uploading image.',
      noImage: 'Please select an image.',
    });
    expect(en.alerts.tooLargeAdmin).toBe('The file size should be less than 10 MB.');
    expect(en.alerts.tooMany.replace('{{max}}', '15')).toBe('You can only upload up to 15 target images.');
    expect(en.bulk.uploadTargets).toContain('{{max}}');
  });

  it('translate them into French', () => {
    for (const [a, b] of [
      [en.bulk2.select, fr.bulk2.select],
      [en.browser.submit, fr.browser.submit],
      [en.browser.success, fr.browser.success],
      [en.faces.success, fr.faces.success],
      [en.alerts.tooMany, fr.alerts.tooMany],
    ]) expect(b).not.toBe(a);
    expect(fr.alerts.tooLarge).toBe(en.alerts.tooLarge);
  });
});
