// The Pro modes' catalogue entries and the record of seeded demo content.

export interface CatalogueEntriesTable {
  id: string;
  kind: 'proshoot' | 'prosoccer';
  image_key: string;
  thumb_key: string;
  width: number;
  height: number;
  gender: string;
  ethnicity: string;
  age_range: string;
  face_shape: string;
  hair_type: string;
  hair_length: string;
  hair_color: string;
  eyes_shape: string;
  nose_shape: string;
  lips_shape: string;
  cheeks_shape: string;
  player_id: string | null;
  country: string | null;
  club: string | null;
  /** JSON: { faces } as the engine detected them on the stored image. */
  analysis: string;
  created_by: string;
  created_at: number;
}

export interface CatalogueSeedsTable {
  name: string;
  seeded_at: number;
}
