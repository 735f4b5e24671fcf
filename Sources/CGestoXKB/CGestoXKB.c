/* xkbcommon behind trampolines with its own names and signatures (gesto_loader.h says why and
 * how). The list names every function gesto calls, once. */
#include "CGestoXKB.h"
#include "gesto_loader.h"
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Hidden from here on: the trampolines bind only inside gesto's binary. */
#pragma GCC visibility push(hidden)
#include <xkbcommon/xkbcommon.h>

#define GESTO_XKB_FUNCTIONS(F, P) \
	F(struct xkb_context *, xkb_context_new, (enum xkb_context_flags flags), (flags)) \
	P(xkb_context_unref, (struct xkb_context *context), (context)) \
	F(char *, xkb_keymap_get_as_string, (struct xkb_keymap *keymap, enum xkb_keymap_format format), (keymap, format)) \
	F(size_t, xkb_keymap_key_get_mods_for_level, (struct xkb_keymap *keymap, xkb_keycode_t key, xkb_layout_index_t layout, \
	  xkb_level_index_t level, xkb_mod_mask_t *masks_out, size_t masks_size), (keymap, key, layout, level, masks_out, masks_size)) \
	F(int, xkb_keymap_key_get_syms_by_level, (struct xkb_keymap *keymap, xkb_keycode_t key, xkb_layout_index_t layout, \
	  xkb_level_index_t level, const xkb_keysym_t **syms_out), (keymap, key, layout, level, syms_out)) \
	F(xkb_keycode_t, xkb_keymap_max_keycode, (struct xkb_keymap *keymap), (keymap)) \
	F(xkb_keycode_t, xkb_keymap_min_keycode, (struct xkb_keymap *keymap), (keymap)) \
	F(xkb_mod_index_t, xkb_keymap_mod_get_index, (struct xkb_keymap *keymap, const char *name), (keymap, name)) \
	F(struct xkb_keymap *, xkb_keymap_new_from_names, (struct xkb_context *context, const struct xkb_rule_names *names, \
	  enum xkb_keymap_compile_flags flags), (context, names, flags)) \
	F(xkb_level_index_t, xkb_keymap_num_levels_for_key, (struct xkb_keymap *keymap, xkb_keycode_t key, xkb_layout_index_t layout), \
	  (keymap, key, layout)) \
	P(xkb_keymap_unref, (struct xkb_keymap *keymap), (keymap)) \
	F(xkb_keysym_t, xkb_keysym_from_name, (const char *name, enum xkb_keysym_flags flags), (name, flags)) \
	F(int, xkb_keysym_get_name, (xkb_keysym_t keysym, char *buffer, size_t size), (keysym, buffer, size)) \
	F(xkb_keysym_t, xkb_keysym_to_lower, (xkb_keysym_t keysym), (keysym)) \
	F(struct xkb_state *, xkb_state_new, (struct xkb_keymap *keymap), (keymap)) \
	F(xkb_layout_index_t, xkb_state_serialize_layout, (struct xkb_state *state, enum xkb_state_component components), (state, components)) \
	F(xkb_mod_mask_t, xkb_state_serialize_mods, (struct xkb_state *state, enum xkb_state_component components), (state, components)) \
	P(xkb_state_unref, (struct xkb_state *state), (state)) \
	F(enum xkb_state_component, xkb_state_update_key, (struct xkb_state *state, xkb_keycode_t key, enum xkb_key_direction direction), \
	  (state, key, direction)) \
	F(xkb_keysym_t, xkb_utf32_to_keysym, (uint32_t ucs), (ucs))

/* Debian 12's soname and the package that ships it (the gesto package depends on it). */
#define GESTO_XKB_LIBRARIES(L) L(xkbcommon, "libxkbcommon.so.0", "libxkbcommon0", GESTO_XKB_FUNCTIONS)
GESTO_FAMILY(GESTO_XKB_LIBRARIES)

#pragma GCC visibility pop
const char *gesto_xkb_open(void) { return gesto_family_open(); }
