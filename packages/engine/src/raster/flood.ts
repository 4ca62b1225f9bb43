// Growing a region over a grid to its 8-neighbours, depth first: the occluders that reach the face's
// outline (occlusion.ts) and a glasses frame's lines running on from its rings (glasses/keep.ts).

/**
 * Grows from the indices on `stack` (a w × h grid, row by row) to each one's 8-neighbours that
 * `enter` takes; `enter` marks what it takes, so that nothing is entered twice. Empties `stack`.
 */
export function flood8(stack: number[], w: number, h: number, enter: (j: number) => boolean): void {
  while (stack.length > 0) {
    const i = stack.pop()!;
    const x = i % w, y = (i / w) | 0;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const xx = x + dx, yy = y + dy;
      if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
      const j = yy * w + xx;
      if (enter(j)) stack.push(j);
    }
  }
}
