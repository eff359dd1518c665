/**
 * The list of posts other social screens embed (the profile's Post tab, favourites). The posts slice replaces
 * this file with the real list; until its branch is merged it renders nothing.
 */
export type PostListSource = { kind: 'profile'; profileId: string } | { kind: 'favorites' };

export function PostList(_props: { source: PostListSource; emptyText?: string }) {
  return null;
}
