/*
 * swipe-to-workspace: the smallest libgesto program. It binds 3-finger swipes left and right
 * to workspace commands from a config, feeds the events a 3-finger swipe to the left makes
 * (as a compositor would copy them from libinput), prints what was recognized and which
 * command the binding names, then animates the workspace switch with a spring that starts
 * at the finger's release velocity.
 *
 * Build against an installed libgesto (PREFIX is where scripts/build-libgesto put it):
 *
 *     export PKG_CONFIG_PATH=PREFIX/lib/pkgconfig
 *     cc swipe-to-workspace.c $(pkg-config --cflags --libs gesto) -o swipe-to-workspace
 *     LD_LIBRARY_PATH=PREFIX/lib ./swipe-to-workspace
 */

#include <gesto/gesto.h>

#include <stdio.h>
#include <string.h>

static const char config[] =
	"bindings:\n"
	"  - gesture: swipe:3:left\n"
	"    exec: swaymsg workspace next\n"
	"  - gesture: swipe:3:right\n"
	"    exec: swaymsg workspace prev\n";

int
main(void)
{
	if ((gesto_abi_version() >> 16) != GESTO_ABI_VERSION_MAJOR) {
		fprintf(stderr, "libgesto ABI %u is not %u\n", gesto_abi_version() >> 16, GESTO_ABI_VERSION_MAJOR);
		return 1;
	}
	gesto_engine *engine;
	if (gesto_engine_new_from_config(config, strlen(config), &engine) != GESTO_OK) {
		fprintf(stderr, "config: %s\n", gesto_last_error_message());
		return 1;
	}
	gesto_engine_set_delivery(engine, GESTO_DELIVER_FIRINGS);

	/* BEGIN, 12 UPDATEs of 20 units to the left 8 ms apart, END: 240 units (~24 mm). */
	uint64_t t = 5000000;
	struct gesto_gesture_event e = {
		.size = sizeof(e), .kind = GESTO_EVENT_SWIPE, .phase = GESTO_EVENT_BEGIN,
		.fingers = 3, .time_usec = t, .scale = 1.0,
	};
	gesto_engine_handle_event(engine, &e);
	e.phase = GESTO_EVENT_UPDATE;
	e.dx = e.dx_unaccelerated = -20;
	for (int i = 0; i < 12; i++) {
		e.time_usec = t += 8000;
		gesto_engine_handle_event(engine, &e);
	}
	e.phase = GESTO_EVENT_END;
	e.dx = e.dx_unaccelerated = 0;
	e.time_usec = t += 8000;
	gesto_engine_handle_event(engine, &e);

	struct gesto_recognized r = { .size = sizeof(r) };
	while (gesto_engine_next_gesture(engine, &r) == GESTO_OK) {
		printf("%s %s: binding %d would run '%s'\n", r.name,
		       r.phase == GESTO_PHASE_ENDED ? "ended" : "reported", r.binding_index, r.exec ? r.exec : "");
		printf("  moved %.0f units at %.0f units/s\n", r.translation_x, r.velocity_x);

		/* Animate the workspace strip from where the finger left it (progress: 400 units
		 * per workspace, as GNOME does) to the next workspace, at the finger's velocity. */
		struct gesto_spring_parameters p;
		struct gesto_spring spring;
		gesto_spring_parameters_damping_ratio(1.0, 1000, 1, &p); /* niri's workspace switch */
		gesto_spring_init(&spring, &p, -r.translation_x / 400, 1.0, -r.velocity_x / 400);
		double settle;
		gesto_spring_settle_time(&spring, 1e-4, 6.25e-3, &settle);
		printf("  spring from %.3f to 1 settles in %.3f s:", spring.from, settle);
		for (double s = 0; s <= settle; s += 0.032)
			printf(" %.3f", gesto_spring_value_at(&spring, s));
		printf("\n");
		r = (struct gesto_recognized){ .size = sizeof(r) };
	}
	gesto_engine_destroy(engine);
	return 0;
}
