// DELETE /app/api/swaps/{uid}/{id}: the result, its thumbnail, its photos and the row go.
import { apiRequest } from '../../../lib/api-client';

export async function deleteSwap(uid: string, id: string): Promise<void> {
  await apiRequest(`/swaps/${encodeURIComponent(uid)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The labelled result as a download (Content-Disposition: attachment). */
export const downloadUrl = (id: string) => `/app/api/media/swaps/${encodeURIComponent(id)}/download`;
