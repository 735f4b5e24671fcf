// RESERVED: the `gesto_reorder_*` exports of GestoCore's reorder engine (Sources/GestoCore/
// Reorder, on its own branch). Add them here once it is merged, with their declarations in
// the "Reorder engine" section of include/gesto/gesto.h and a GESTO_ABI_VERSION_MINOR bump.
