// Pro modes' catalogues: Proshoot model photos and Pro Soccer player photos, their
// attribute enumerations (user filters and operator upload differ slightly), and the calls.
import { z } from 'zod';
import { SOCCER_CLUBS, SOCCER_COUNTRIES, SOCCER_PLAYERS } from './soccer-players.ts';

export * from './soccer-players.ts';

export const CATALOGUE_KINDS = ['proshoot', 'prosoccer'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/** Attribute values. Filters use `ethnicity`/`hairColor`; the operator upload uses the `admin*` lists. */
export const ATTRIBUTE_VALUES = {
  gender: ['female', 'male', 'other'],
  ethnicity: ['asian', 'black', 'caucasian', 'hispanic', 'mixed', 'other'],
  ageRange: ['18-25', '26-35', '36-45', '46-55', '56+'],
  faceShape: ['oval', 'round', 'square', 'heart', 'diamond', 'pear', 'oblong', 'triangle'],
  hairType: ['straight', 'wavy', 'curly', 'coily'],
  hairLength: ['bald', 'veryShort', 'short', 'medium', 'long', 'veryLong'],
  hairColor: ['brown', 'blonde', 'red', 'grey', 'white', 'other'],
  eyesShape: ['almond', 'round', 'monolid', 'hooded', 'upturned', 'downturned', 'deepSet', 'protruding'],
  noseShape: ['roman', 'greek', 'nubian', 'hawk', 'snub', 'aquiline', 'button', 'straight', 'bulbous'],
  lipsShape: ['full', 'thin', 'round', 'wide', 'heartShaped', 'bowShaped', 'downwardTurned'],
  cheeksShape: ['round', 'square', 'long', 'heartShaped', 'oval', 'diamond'],
} as const;

export const ADMIN_ETHNICITY = ['asian', 'black', 'caucasian', 'hispanic', 'mixed', 'arab'] as const;
export const ADMIN_HAIR_COLOR = ['brown', 'blonde', 'darkBlonde', 'red', 'grey', 'white', 'other'] as const;

/** The eleven attributes, in the order the filters show them. */
export const ATTRIBUTE_KEYS = ['gender', 'ethnicity', 'ageRange', 'faceShape', 'hairType', 'hairLength', 'hairColor', 'eyesShape', 'noseShape', 'lipsShape', 'cheeksShape'] as const;
export type AttributeKey = (typeof ATTRIBUTE_KEYS)[number];

/** Values an operator may set per attribute ('' = not set). */
export const ADMIN_VALUES: Record<AttributeKey, readonly string[]> = { ...ATTRIBUTE_VALUES, ethnicity: ADMIN_ETHNICITY, hairColor: ADMIN_HAIR_COLOR };

const stored = (values: readonly string[]) => z.enum(['', ...values] as [string, ...string[]]);
/** What an entry may hold: filter and admin values both (demo content uses `other`, operators `arab`). */
const STORED: Record<AttributeKey, z.ZodType<string>> = Object.fromEntries(
  ATTRIBUTE_KEYS.map((k) => [k, stored([...new Set([...ATTRIBUTE_VALUES[k], ...ADMIN_VALUES[k]])])]),
) as unknown as Record<AttributeKey, z.ZodType<string>>;

export const catalogueAttributes = z.object(STORED);
export type CatalogueAttributes = Record<AttributeKey, string>;

/** `metadata` of POST /admin/proshoot/upload: every attribute present, '' for "not set". */
export const proshootMetadata = z.object(
  Object.fromEntries(ATTRIBUTE_KEYS.map((k) => [k, stored(ADMIN_VALUES[k])])) as unknown as Record<AttributeKey, z.ZodType<string>>,
);

const playerNames = SOCCER_PLAYERS.map((p) => p.name) as [string, ...string[]];
/** `metadata` of POST /admin/prosoccer/upload: a listed player, their country and club, plus the attributes. */
export const prosoccerMetadata = proshootMetadata.extend({
  playerName: z.enum(playerNames),
  country: z.enum(SOCCER_COUNTRIES as [string, ...string[]]),
  club: z.enum(SOCCER_CLUBS as [string, ...string[]]),
});

export const catalogueEntry = catalogueAttributes.extend({
  id: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  createdAt: z.number(),
  playerName: z.string().optional(),
  playerId: z.string().optional(),
  country: z.string().optional(),
  club: z.string().optional(),
});
export type CatalogueEntry = z.infer<typeof catalogueEntry>;
export const catalogueList = z.array(catalogueEntry);

/** PATCH /admin/{kind}/{id}: attributes to change (operators). */
export const catalogueEdit = catalogueAttributes.partial().extend({
  playerName: z.enum(playerNames).optional(),
  country: z.enum(SOCCER_COUNTRIES as [string, ...string[]]).optional(),
  club: z.enum(SOCCER_CLUBS as [string, ...string[]]).optional(),
}).strict();
export type CatalogueEdit = z.infer<typeof catalogueEdit>;

/** Why a catalogue photo was refused at upload, stable for translation. */
export const catalogueRejection = z.enum(['no_face', 'several_faces', 'face_too_small', 'invalid_image_type', 'corrupt_image', 'image_too_large', 'file_too_large', 'explicit_content']);
export type CatalogueRejection = z.infer<typeof catalogueRejection>;

/** The answer of an operator upload: one result per photo, in the order sent. */
export const catalogueUploadResult = z.object({
  results: z.array(z.discriminatedUnion('status', [
    z.object({ index: z.number(), name: z.string(), status: z.literal('added'), entry: catalogueEntry }),
    z.object({ index: z.number(), name: z.string(), status: z.literal('rejected'), code: catalogueRejection, message: z.string() }),
  ])),
});
export type CatalogueUploadResult = z.infer<typeof catalogueUploadResult>;

/** Attributes read from a photo: every one but ethnicity, which a photo's pixels do not tell. */
export const SUGGESTED_KEYS = ['gender', 'ageRange', 'faceShape', 'hairType', 'hairLength', 'hairColor', 'eyesShape', 'noseShape', 'lipsShape', 'cheeksShape'] as const;
export type SuggestedKey = (typeof SUGGESTED_KEYS)[number];

/** POST /admin/{kind}/suggest: what could be read from a photo, to pre-fill the form. */
export const attributeSuggestion = z.object({
  ...(Object.fromEntries(SUGGESTED_KEYS.map((k) => [k, z.string().optional()])) as Record<SuggestedKey, z.ZodOptional<z.ZodString>>),
  /** Why nothing can be suggested (no usable face). */
  problem: catalogueRejection.optional(),
});
export type AttributeSuggestion = z.infer<typeof attributeSuggestion>;

export const soccerPlayerList = z.array(z.object({ name: z.string(), id: z.string(), country: z.string(), club: z.string() }));

/** The url of a catalogue entry's image, as entries carry it and targetImageUrl must name it. */
export function catalogueImagePath(id: string): string {
  return `/app/api/media/catalogue/${id}/image`;
}
