// The facade lands with the composition root.
