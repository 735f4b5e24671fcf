/*
 * gesto-abi-test: libgesto through its C ABI only, as a C program sees it.
 *
 * Replays real libinput 1.22 recordings (debug-events text, parsed here) through an engine
 * and checks the recognized gestures; checks springs, decay, projection, rubber band and
 * velocity estimation against the independent motion vectors (motion-vectors.h, generated
 * by motion-vectors-to-c); and checks the error, versioning and threading rules gesto.h
 * states. Built and run by Tests/CABI/run.
 *
 * Usage: gesto-abi-test PINCH_OUT_FIXTURE SWIPE_Z_FIXTURE
 * Prints one line per failed check, then "N passed, M failed" (tests, not checks).
 */

#define _POSIX_C_SOURCE 200809L

#include <gesto/gesto.h>

#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "motion-vectors.h"

/* ---- harness ---------------------------------------------------------------------- */

static int checks_failed_in_test;
static const char *current_test;

#define CHECK(cond, ...) check((cond), __LINE__, #cond, __VA_ARGS__)

static void
check(bool ok, int line, const char *expression, const char *format, ...)
{
	if (ok)
		return;
	checks_failed_in_test++;
	fprintf(stderr, "FAIL %s (line %d: %s): ", current_test, line, expression);
	va_list args;
	va_start(args, format);
	vfprintf(stderr, format, args);
	va_end(args);
	fputc('\n', stderr);
}

static bool
close_to(double a, double b, double tolerance)
{
	return fabs(a - b) <= tolerance;
}

static const char *pinch_fixture;
static const char *swipe_fixture;

/* ---- the debug-events fixtures ------------------------------------------------------ */

struct recording {
	struct gesto_gesture_event *events;
	size_t count;
};

/*
 * Parses `libinput debug-events` lines (libinput 1.22's format) into events; lines that
 * start with '#' are comments, and lines without GESTURE_ (DEVICE_ADDED, pointer motion)
 * are not gesture events. Returns false if the file cannot be read or a gesture line
 * does not parse.
 */
static bool
load_recording(const char *path, struct recording *out)
{
	FILE *file = fopen(path, "r");
	if (!file) {
		fprintf(stderr, "cannot open %s\n", path);
		return false;
	}
	size_t capacity = 256;
	out->events = calloc(capacity, sizeof(*out->events));
	out->count = 0;
	char line[512];
	int number = 0;
	bool ok = out->events != NULL;
	while (ok && fgets(line, sizeof(line), file)) {
		number++;
		if (line[0] == '#')
			continue;
		const char *gesture = strstr(line, "GESTURE_");
		if (!gesture)
			continue;
		char kind[16], phase[16];
		double seconds;
		unsigned fingers;
		int consumed = 0;
		if (sscanf(gesture, "GESTURE_%15[A-Z]_%15[A-Z] +%lfs %u%n", kind, phase, &seconds, &fingers,
			   &consumed) != 4) {
			fprintf(stderr, "%s:%d: not a gesture event line\n", path, number);
			ok = false;
			break;
		}
		struct gesto_gesture_event e = {
			.size = sizeof(e),
			.fingers = fingers,
			.time_usec = (uint64_t)llround(seconds * 1e6),
			.scale = 1.0,
		};
		e.kind = strcmp(kind, "SWIPE") == 0 ? GESTO_EVENT_SWIPE
			: strcmp(kind, "PINCH") == 0 ? GESTO_EVENT_PINCH
			: strcmp(kind, "HOLD") == 0 ? GESTO_EVENT_HOLD : 0;
		e.phase = strcmp(phase, "BEGIN") == 0 ? GESTO_EVENT_BEGIN
			: strcmp(phase, "UPDATE") == 0 ? GESTO_EVENT_UPDATE
			: strcmp(phase, "END") == 0 ? GESTO_EVENT_END : 0;
		const char *rest = gesture + consumed;
		if (e.phase == GESTO_EVENT_UPDATE) {
			int n = 0;
			if (sscanf(rest, " %lf/%lf (%lf/%lf unaccelerated)%n", &e.dx, &e.dy,
				   &e.dx_unaccelerated, &e.dy_unaccelerated, &n) != 4) {
				fprintf(stderr, "%s:%d: bad deltas\n", path, number);
				ok = false;
				break;
			}
			if (e.kind == GESTO_EVENT_PINCH &&
			    sscanf(rest + n, " %lf @ %lf", &e.scale, &e.angle_delta) != 2) {
				fprintf(stderr, "%s:%d: bad scale and angle\n", path, number);
				ok = false;
				break;
			}
		}
		if (e.phase == GESTO_EVENT_END && strstr(rest, "cancelled"))
			e.cancelled = 1;
		if (out->count == capacity) {
			capacity *= 2;
			struct gesto_gesture_event *grown = realloc(out->events, capacity * sizeof(*grown));
			if (!grown) {
				ok = false;
				break;
			}
			out->events = grown;
		}
		out->events[out->count++] = e;
	}
	fclose(file);
	if (!ok) {
		free(out->events);
		out->events = NULL;
	}
	return ok;
}

/* ---- collected output ---------------------------------------------------------------- */

struct collected {
	struct gesto_recognized items[512];
	size_t count;
};

static void
collect(const struct gesto_recognized *gesture, void *user_data)
{
	struct collected *c = user_data;
	if (c->count < sizeof(c->items) / sizeof(c->items[0]))
		c->items[c->count++] = *gesture;
}

static void
drain(gesto_engine *engine, struct collected *c)
{
	struct gesto_recognized r = { .size = sizeof(r) };
	while (gesto_engine_next_gesture(engine, &r) == GESTO_OK) {
		collect(&r, c);
		r = (struct gesto_recognized){ .size = sizeof(r) };
	}
}

/* The first collected item named `name` in `phase` with the given binding index. */
static const struct gesto_recognized *
find(const struct collected *c, const char *name, int phase, int binding_index)
{
	for (size_t i = 0; i < c->count; i++) {
		const struct gesto_recognized *r = &c->items[i];
		if (strcmp(r->name, name) == 0 && (int)r->phase == phase && r->binding_index == binding_index)
			return r;
	}
	return NULL;
}

/* Feeds a recording, polling after every event as gesto.h asks, then ends the input. */
static int
replay(gesto_engine *engine, const struct recording *rec, struct collected *c, bool poll)
{
	for (size_t i = 0; i < rec->count; i++) {
		int status = gesto_engine_handle_event(engine, &rec->events[i]);
		if (status != GESTO_OK)
			return status;
		if (poll)
			drain(engine, c);
	}
	uint64_t end = rec->count ? rec->events[rec->count - 1].time_usec : 0;
	int status = gesto_engine_end_input(engine, end);
	if (poll)
		drain(engine, c);
	return status;
}

/* ---- tests: ABI --------------------------------------------------------------------- */

static void
test_abi_version(void)
{
	uint32_t v = gesto_abi_version();
	CHECK(v == GESTO_ABI_VERSION, "library 0x%x, header 0x%x", v, GESTO_ABI_VERSION);
	CHECK((v >> 16) == 0 && (v & 0xffff) == 7, "0x%x", v);
	/* The layouts only grow at their end: the library rejects sizes below their 0.1 ones
	 * (struct gesto_gesture_event: 80 bytes in 0.1, 88 since 0.3 with delta_source). */
	CHECK(sizeof(struct gesto_gesture_event) == 88, "%zu", sizeof(struct gesto_gesture_event));
	CHECK(offsetof(struct gesto_gesture_event, delta_source) == 80, "%zu",
	      offsetof(struct gesto_gesture_event, delta_source));
	CHECK(sizeof(struct gesto_recognized) == 136, "%zu", sizeof(struct gesto_recognized));
	/* struct gesto_binding_info: 32 bytes in 0.2, 40 since 0.4 with action_kind (and, since
	 * 0.5, drag_button where 0.4 had a reserved field). */
	/* Since 0.6: gesture_kind, fingers and direction after drag_button (56 with padding). */
	CHECK(sizeof(struct gesto_binding_info) == 56, "%zu", sizeof(struct gesto_binding_info));
	CHECK(offsetof(struct gesto_binding_info, gesture_kind) == 40, "%zu",
	      offsetof(struct gesto_binding_info, gesture_kind));
	CHECK(sizeof(struct gesto_effect) == 88, "%zu", sizeof(struct gesto_effect));
	CHECK(offsetof(struct gesto_binding_info, action_kind) == 32, "%zu",
	      offsetof(struct gesto_binding_info, action_kind));
	CHECK(offsetof(struct gesto_binding_info, drag_button) == 36, "%zu",
	      offsetof(struct gesto_binding_info, drag_button));
	CHECK(sizeof(struct gesto_reorder_layout) == 48, "%zu", sizeof(struct gesto_reorder_layout));
	CHECK(sizeof(struct gesto_reorder_settings) == 64, "%zu", sizeof(struct gesto_reorder_settings));
	CHECK(sizeof(struct gesto_reorder_move) == 8, "%zu", sizeof(struct gesto_reorder_move));
	CHECK(sizeof(struct gesto_touch_event) == 56, "%zu", sizeof(struct gesto_touch_event));
	CHECK(strcmp(gesto_status_string(GESTO_OK), "ok") == 0, "%s", gesto_status_string(GESTO_OK));
	CHECK(strcmp(gesto_status_string(GESTO_ERROR_BUSY), "engine busy") == 0, "busy");
	CHECK(strcmp(gesto_status_string(12345), "unknown status") == 0, "unknown");
}

/* ---- tests: recordings --------------------------------------------------------------- */

static void
test_pinch_out_recording(void)
{
	struct recording rec;
	CHECK(load_recording(pinch_fixture, &rec), "cannot load %s", pinch_fixture);
	if (!rec.events)
		return;
	CHECK(rec.count == 64, "%zu events", rec.count);

	gesto_engine *engine = NULL;
	CHECK(gesto_engine_new(&engine) == GESTO_OK, "%s", gesto_last_error_message());
	CHECK(gesto_engine_add_binding(engine, "pinch:2:out", GESTO_MODE_ON_END, 0xfeed) == 0, "index");
	CHECK(gesto_engine_add_binding(engine, "pinch:2:in", GESTO_MODE_ON_END, 7) == 1, "index");
	CHECK(gesto_engine_binding_count(engine) == 2, "count");
	CHECK(gesto_engine_binding_exec(engine, 0) == NULL, "added bindings have no exec");
	struct gesto_binding_info added = { .size = sizeof(added), .action_kind = 99 };
	CHECK(gesto_engine_binding_info(engine, 0, &added) == GESTO_OK && added.action == NULL &&
	      added.action_kind == GESTO_ACTION_NONE, "added bindings have no action: %u", added.action_kind);

	static struct collected c;
	c.count = 0;
	CHECK(replay(engine, &rec, &c, true) == GESTO_OK, "%s", gesto_last_error_message());

	/* The 0.11 s rest before the pinch is shorter than hold.minimum-duration: a touch, not a hold. */
	const struct gesto_recognized *hold = find(&c, "hold:2", GESTO_PHASE_FAILED, -1);
	CHECK(hold && hold->cancel_reason == GESTO_CANCEL_NONE, "hold:2 failed (too short to be a hold)");
	CHECK(find(&c, "hold:2", GESTO_PHASE_CANCELLED, -1) == NULL, "no hold:2 cancelled");
	const struct gesto_recognized *pinch = find(&c, "pinch:2:out", GESTO_PHASE_ENDED, -1);
	CHECK(pinch != NULL, "no pinch:2:out ended report among %zu", c.count);
	if (pinch) {
		CHECK(close_to(pinch->scale, 2.18, 0.005), "scale %f", pinch->scale);
		CHECK(pinch->gesture == GESTO_GESTURE_PINCH && pinch->direction == GESTO_DIRECTION_OUT &&
		      pinch->fingers == 2, "fields");
		CHECK(pinch->time_usec == 666000, "time %llu", (unsigned long long)pinch->time_usec);
		CHECK(pinch->cancel_reason == GESTO_CANCEL_NONE && pinch->exec == NULL && pinch->mode == 0,
		      "report fields");
		CHECK(pinch->size == sizeof(struct gesto_recognized), "size %u", pinch->size);
	}
	const struct gesto_recognized *fired = find(&c, "pinch:2:out", GESTO_PHASE_ENDED, 0);
	CHECK(fired && fired->user_tag == 0xfeed && fired->mode == GESTO_MODE_ON_END, "binding 0 fired");
	/* The report comes first, then the firing it caused. */
	CHECK(pinch && fired && fired > pinch, "order");
	for (size_t i = 0; i < c.count; i++)
		CHECK(c.items[i].binding_index != 1, "pinch:2:in must not fire (%s)", c.items[i].name);
	CHECK(gesto_engine_is_active(engine) == 0, "idle after the end");
	gesto_engine_destroy(engine);
	free(rec.events);
}

static const char swipe_config[] =
	"# gesto config, as in config.yaml\n"
	"settings:\n"
	"  swipe:\n"
	"    threshold: 150\n"
	"bindings:\n"
	"  - gesture: swipe:3:down\n"
	"    exec: swaymsg workspace next\n"
	"  - gesture: swipe:3:up\n"
	"    exec: swaymsg workspace prev\n";

static void
test_swipe_z_recording(void)
{
	struct recording rec;
	CHECK(load_recording(swipe_fixture, &rec), "cannot load %s", swipe_fixture);
	if (!rec.events)
		return;

	gesto_engine *engine = NULL;
	CHECK(gesto_engine_new_from_config(swipe_config, strlen(swipe_config), &engine) == GESTO_OK, "%s",
	      gesto_last_error_message());
	if (!engine) {
		free(rec.events);
		return;
	}
	CHECK(gesto_engine_binding_count(engine) == 2, "count");
	const char *exec = gesto_engine_binding_exec(engine, 0);
	CHECK(exec && strcmp(exec, "swaymsg workspace next") == 0, "exec %s", exec ? exec : "(null)");
	CHECK(gesto_engine_binding_exec(engine, 2) == NULL && gesto_engine_binding_exec(engine, -1) == NULL,
	      "out of range");

	static struct collected c;
	c.count = 0;
	gesto_engine_set_callback(engine, collect, &c);
	CHECK(replay(engine, &rec, &c, false) == GESTO_OK, "%s", gesto_last_error_message());

	const struct gesto_recognized *swipe = find(&c, "swipe:3:down", GESTO_PHASE_ENDED, -1);
	CHECK(swipe != NULL, "no swipe:3:down ended report among %zu", c.count);
	if (swipe) {
		CHECK(close_to(swipe->translation_x, 310, 15) && close_to(swipe->translation_y, 373, 15),
		      "net (%f, %f)", swipe->translation_x, swipe->translation_y);
		CHECK(swipe->direction == GESTO_DIRECTION_DOWN && swipe->fingers == 3, "fields");
		CHECK(isfinite(swipe->predicted_end_y) && isfinite(swipe->velocity_y), "finite");
	}
	const struct gesto_recognized *fired = find(&c, "swipe:3:down", GESTO_PHASE_ENDED, 0);
	CHECK(fired && fired->exec && strcmp(fired->exec, "swaymsg workspace next") == 0, "exec fired");
	CHECK(fired && fired->exec == exec, "the same engine-owned string");
	size_t swipes_ended = 0;
	for (size_t i = 0; i < c.count; i++) {
		if (c.items[i].gesture == GESTO_GESTURE_SWIPE && c.items[i].phase == GESTO_PHASE_ENDED &&
		    c.items[i].binding_index == -1)
			swipes_ended++;
		CHECK(c.items[i].binding_index != 1, "swipe:3:up must not fire");
	}
	CHECK(swipes_ended == 1, "%zu swipes ended", swipes_ended);

	/* Nothing was queued while the callback was set. */
	struct gesto_recognized r = { .size = sizeof(r) };
	CHECK(gesto_engine_next_gesture(engine, &r) == GESTO_EMPTY, "queue empty");

	/* Firings only. */
	static struct collected only;
	only.count = 0;
	gesto_engine_set_callback(engine, collect, &only);
	CHECK(gesto_engine_set_delivery(engine, GESTO_DELIVER_FIRINGS) == GESTO_OK, "delivery");
	CHECK(replay(engine, &rec, &only, false) == GESTO_OK, "replay again");
	CHECK(only.count == 1 && only.items[0].binding_index == 0, "%zu firings", only.count);
	CHECK(gesto_engine_set_delivery(engine, 1u << 5) == GESTO_ERROR_INVALID_ARGUMENT, "unknown bits");

	gesto_engine_destroy(engine);
	free(rec.events);
}

/* ---- tests: the three-finger drag ------------------------------------------------------- */

static const char drag_config[] =
	"bindings:\n"
	"  - gesture: swipe:3\n"
	"    drag: left\n";

/* A host's drag, as gesto.h tells it to follow one: press on BEGAN, move by the change of
   translation, release on the final phase. */
struct host_drag {
	int presses, releases;
	double x, y;         /* where the host moved the pointer */
	double last_x, last_y;
	uint32_t last_cancel;
};

static void
follow_drag(struct host_drag *d, const struct gesto_recognized *r)
{
	switch (r->phase) {
	case GESTO_PHASE_BEGAN:
		d->presses++;
		d->last_x = r->translation_x;
		d->last_y = r->translation_y;
		break;
	case GESTO_PHASE_CHANGED:
		d->x += r->translation_x - d->last_x;
		d->y += r->translation_y - d->last_y;
		d->last_x = r->translation_x;
		d->last_y = r->translation_y;
		break;
	default:
		d->releases++;
		d->last_cancel = r->cancel_reason;
		break;
	}
}

static void
test_drag(void)
{
	struct recording rec;
	CHECK(load_recording(swipe_fixture, &rec), "cannot load %s", swipe_fixture);
	if (!rec.events)
		return;
	gesto_engine *engine = NULL;
	CHECK(gesto_engine_new_from_config(drag_config, strlen(drag_config), &engine) == GESTO_OK, "%s",
	      gesto_last_error_message());
	if (!engine) {
		free(rec.events);
		return;
	}
	struct gesto_binding_info info = { .size = sizeof(info) };
	CHECK(gesto_engine_binding_info(engine, 0, &info) == GESTO_OK, "%s", gesto_last_error_message());
	CHECK(info.action_kind == GESTO_ACTION_DRAG && strcmp(info.action, "drag") == 0, "kind %u", info.action_kind);
	CHECK(info.drag_button == 0x110, "BTN_LEFT, not %#x", info.drag_button);
	CHECK(info.mode == GESTO_MODE_CONTINUOUS, "a drag is continuous");
	CHECK(gesto_engine_set_delivery(engine, GESTO_DELIVER_FIRINGS) == GESTO_OK, "delivery");

	/* The whole stroke: one press at SWIPE_BEGIN, the pointer moved by the accelerated
	   deltas, no release until the lift timeout's deadline is dispatched. */
	struct host_drag d = { 0 };
	double dx = 0, dy = 0;
	uint64_t lift = 0;
	for (size_t i = 0; i < rec.count; i++) {
		const struct gesto_gesture_event *e = &rec.events[i];
		CHECK(gesto_engine_handle_event(engine, e) == GESTO_OK, "%s", gesto_last_error_message());
		if (e->kind == GESTO_EVENT_SWIPE && e->phase == GESTO_EVENT_UPDATE) {
			dx += e->dx;
			dy += e->dy;
		}
		if (e->kind == GESTO_EVENT_SWIPE && e->phase == GESTO_EVENT_END)
			lift = e->time_usec;
		struct gesto_recognized r = { .size = sizeof(r) };
		while (gesto_engine_next_gesture(engine, &r) == GESTO_OK) {
			CHECK(r.binding_index == 0, "only the drag fires");
			follow_drag(&d, &r);
			r = (struct gesto_recognized){ .size = sizeof(r) };
		}
	}
	CHECK(d.presses == 1 && d.releases == 0, "%d presses, %d releases before the timeout", d.presses, d.releases);
	CHECK(close_to(d.x, dx, 1e-6) && close_to(d.y, dy, 1e-6), "moved (%f, %f), accelerated (%f, %f)", d.x, d.y, dx, dy);
	uint64_t deadline = 0;
	CHECK(gesto_engine_next_deadline_usec(engine, &deadline) == GESTO_OK && deadline == lift + 700000,
	      "lift timeout at %llu, lift %llu", (unsigned long long)deadline, (unsigned long long)lift);
	CHECK(gesto_engine_dispatch_deadline(engine, deadline) == GESTO_OK, "dispatch");
	struct gesto_recognized r = { .size = sizeof(r) };
	while (gesto_engine_next_gesture(engine, &r) == GESTO_OK) {
		CHECK(r.phase == GESTO_PHASE_ENDED, "released as ENDED, not %u", r.phase);
		follow_drag(&d, &r);
		r = (struct gesto_recognized){ .size = sizeof(r) };
	}
	CHECK(d.releases == 1, "%d releases", d.releases);

	/* Interrupted mid-stroke: released at once, interrupted, and nothing more fires. */
	struct host_drag cut = { 0 };
	size_t half = rec.count / 2;
	for (size_t i = 0; i < rec.count; i++) {
		if (i == half)
			CHECK(gesto_engine_interrupt_drags(engine, rec.events[i].time_usec) == GESTO_OK, "%s",
			      gesto_last_error_message());
		CHECK(gesto_engine_handle_event(engine, &rec.events[i]) == GESTO_OK, "%s", gesto_last_error_message());
		r = (struct gesto_recognized){ .size = sizeof(r) };
		while (gesto_engine_next_gesture(engine, &r) == GESTO_OK) {
			follow_drag(&cut, &r);
			r = (struct gesto_recognized){ .size = sizeof(r) };
		}
		if (i == half)
			CHECK(cut.releases == 1 && cut.last_cancel == GESTO_CANCEL_INTERRUPTED, "interrupted: %d releases",
			      cut.releases);
	}
	CHECK(cut.presses == 1 && cut.releases == 1, "%d presses, %d releases", cut.presses, cut.releases);
	CHECK(gesto_engine_next_deadline_usec(engine, &deadline) == GESTO_EMPTY, "no lift timer after an interrupt");
	CHECK(gesto_engine_interrupt_drags(NULL, 0) == GESTO_ERROR_INVALID_ARGUMENT, "NULL engine");
	CHECK(gesto_engine_interrupt_drags(engine, 1ull << 63) == GESTO_ERROR_INVALID_ARGUMENT, "time out of range");

	gesto_engine_destroy(engine);
	free(rec.events);
}

/* ---- tests: effects (0.6) -------------------------------------------------------------- */

/* What a host saw of an effect, copied out of the callback. */
struct seen_effect {
	uint32_t kind, button, window_operation, gesture_phase;
	int32_t binding_index, gesture_binding_index, workspace_dx, workspace_dy;
	char command[64], keysyms[64];
	double dx, dy, unaccelerated_dx, unaccelerated_dy;
};

struct seen_effects {
	struct seen_effect items[4096];
	size_t count;
};

static void
see_effect(const struct gesto_effect *effect, void *user_data)
{
	struct seen_effects *seen = user_data;
	if (seen->count == sizeof(seen->items) / sizeof(seen->items[0]))
		return;
	struct seen_effect *e = &seen->items[seen->count++];
	memset(e, 0, sizeof(*e));
	e->kind = effect->kind;
	e->button = effect->button;
	e->window_operation = effect->window_operation;
	e->binding_index = effect->binding_index;
	e->gesture_phase = effect->gesture ? effect->gesture->phase : 0;
	e->gesture_binding_index = effect->gesture ? effect->gesture->binding_index : -2;
	e->workspace_dx = effect->workspace_dx;
	e->workspace_dy = effect->workspace_dy;
	if (effect->command)
		snprintf(e->command, sizeof(e->command), "%s", effect->command);
	for (uint32_t i = 0; i < effect->keysym_count; i++) {
		size_t used = strlen(e->keysyms);
		snprintf(e->keysyms + used, sizeof(e->keysyms) - used, "%s%s", i ? " " : "", effect->keysyms[i]);
	}
	e->dx = effect->dx;
	e->dy = effect->dy;
	e->unaccelerated_dx = effect->unaccelerated_dx;
	e->unaccelerated_dy = effect->unaccelerated_dy;
}

static const char effects_config[] =
	"bindings:\n"
	"  - {gesture: swipe:3:down, exec: \"echo down\"}\n"
	"  - {gesture: swipe:3:down, keys: super+shift+Right}\n"
	"  - {gesture: swipe:3:down, window: fullscreen}\n"
	"  - {gesture: swipe:3:down, sway: workspace next}\n"
	"  - {gesture: swipe:3:down, workspace: down}\n"
	"  - {gesture: swipe:3:down, hyprland: 'hl.dsp.focus({ workspace = \"+1\" })'}\n"
	"  - {gesture: swipe:3:up, exec: \"echo up\"}\n";

/* Each action a host carries out comes typed: the Z recording (001) ends as swipe:3:down, and
   each binding of it gives its one effect, in binding order, after its firing. */
static void
test_effects(void)
{
	struct recording rec;
	CHECK(load_recording(swipe_fixture, &rec), "cannot load %s", swipe_fixture);
	if (!rec.events)
		return;
	gesto_engine *engine = NULL;
	CHECK(gesto_engine_new_from_config(effects_config, strlen(effects_config), &engine) == GESTO_OK, "%s",
	      gesto_last_error_message());
	if (!engine) {
		free(rec.events);
		return;
	}
	/* The gesture as numbers: no host parses "swipe:3:down". */
	struct gesto_binding_info info = { .size = sizeof(info) };
	CHECK(gesto_engine_binding_info(engine, 4, &info) == GESTO_OK, "%s", gesto_last_error_message());
	CHECK(info.gesture_kind == GESTO_GESTURE_SWIPE && info.fingers == 3 && info.direction == GESTO_DIRECTION_DOWN,
	      "kind %u, fingers %u, direction %u", info.gesture_kind, info.fingers, info.direction);

	static struct seen_effects seen;
	seen.count = 0;
	CHECK(gesto_engine_set_effect_callback(engine, see_effect, &seen) == GESTO_OK, "%s", gesto_last_error_message());
	static struct collected c;
	c.count = 0;
	gesto_engine_set_callback(engine, collect, &c);
	CHECK(gesto_engine_set_delivery(engine, GESTO_DELIVER_FIRINGS) == GESTO_OK, "delivery");
	CHECK(replay(engine, &rec, &c, false) == GESTO_OK, "%s", gesto_last_error_message());
	CHECK(c.count == 6, "%zu firings", c.count);
	CHECK(seen.count == 6, "%zu effects", seen.count);
	if (seen.count == 6) {
		const struct seen_effect *e = seen.items;
		for (int i = 0; i < 6; i++)
			CHECK(e[i].binding_index == i && e[i].gesture_binding_index == i && e[i].gesture_phase == GESTO_PHASE_ENDED,
			      "effect %d: binding %d, firing of %d, phase %u", i, e[i].binding_index, e[i].gesture_binding_index,
			      e[i].gesture_phase);
		CHECK(e[0].kind == GESTO_EFFECT_RUN && strcmp(e[0].command, "echo down") == 0, "run '%s'", e[0].command);
		CHECK(e[1].kind == GESTO_EFFECT_KEYS && strcmp(e[1].keysyms, "Super_L Shift_L Right") == 0, "keys '%s'",
		      e[1].keysyms);
		CHECK(e[2].kind == GESTO_EFFECT_WINDOW && e[2].window_operation == GESTO_WINDOW_FULLSCREEN, "window %u",
		      e[2].window_operation);
		CHECK(e[3].kind == GESTO_EFFECT_SWAY_COMMAND && strcmp(e[3].command, "workspace next") == 0, "sway '%s'",
		      e[3].command);
		CHECK(e[4].kind == GESTO_EFFECT_SWITCH_WORKSPACE && e[4].workspace_dx == 0 && e[4].workspace_dy == 1,
		      "workspace (%d, %d)", e[4].workspace_dx, e[4].workspace_dy);
		/* Since 0.7: Hyprland's dispatch, as written. */
		CHECK(e[5].kind == GESTO_EFFECT_HYPRLAND_DISPATCH && strcmp(e[5].command, "hl.dsp.focus({ workspace = \"+1\" })") == 0,
		      "hyprland '%s'", e[5].command);
	}
	info = (struct gesto_binding_info){ .size = sizeof(info) };
	CHECK(gesto_engine_binding_info(engine, 5, &info) == GESTO_OK && info.action_kind == GESTO_ACTION_HYPRLAND &&
	      strcmp(info.action, "hyprland") == 0, "binding 6: action %s, kind %u", info.action, info.action_kind);
	/* A disabled binding gives no effect; cleared, the callback gets nothing more. */
	CHECK(gesto_engine_set_binding_enabled(engine, 1, 0) == GESTO_OK, "disable");
	seen.count = 0;
	CHECK(replay(engine, &rec, &c, false) == GESTO_OK, "replay");
	CHECK(seen.count == 5, "%zu effects with binding 2 disabled", seen.count);
	for (size_t i = 0; i < seen.count; i++)
		CHECK(seen.items[i].kind != GESTO_EFFECT_KEYS, "keys of a disabled binding");
	CHECK(gesto_engine_set_effect_callback(engine, NULL, NULL) == GESTO_OK, "clear");
	seen.count = 0;
	CHECK(replay(engine, &rec, &c, false) == GESTO_OK, "replay");
	CHECK(seen.count == 0, "%zu effects after clearing", seen.count);
	CHECK(gesto_engine_set_effect_callback(NULL, see_effect, &seen) == GESTO_ERROR_INVALID_ARGUMENT, "NULL engine");
	gesto_engine_destroy(engine);
	free(rec.events);
}

/* The drag as effects: one press of BTN_LEFT, moves that sum to libinput's accelerated deltas
   (and, in their unaccelerated fields, to its unaccelerated ones), one release at the lift
   timeout; disabled mid-drag, the motion goes on to the one release. */
static void
test_drag_effects(void)
{
	struct recording rec;
	CHECK(load_recording(swipe_fixture, &rec), "cannot load %s", swipe_fixture);
	if (!rec.events)
		return;
	for (int disable = 0; disable <= 1; disable++) {
		gesto_engine *engine = NULL;
		CHECK(gesto_engine_new_from_config(drag_config, strlen(drag_config), &engine) == GESTO_OK, "%s",
		      gesto_last_error_message());
		if (!engine)
			break;
		static struct seen_effects seen;
		seen.count = 0;
		CHECK(gesto_engine_set_effect_callback(engine, see_effect, &seen) == GESTO_OK, "%s", gesto_last_error_message());
		double dx = 0, dy = 0, udx = 0, udy = 0;
		for (size_t i = 0; i < rec.count; i++) {
			const struct gesto_gesture_event *e = &rec.events[i];
			if (disable && i == rec.count / 2)
				CHECK(gesto_engine_set_binding_enabled(engine, 0, 0) == GESTO_OK, "disable");
			CHECK(gesto_engine_handle_event(engine, e) == GESTO_OK, "%s", gesto_last_error_message());
			if (e->kind == GESTO_EVENT_SWIPE && e->phase == GESTO_EVENT_UPDATE) {
				dx += e->dx;
				dy += e->dy;
				udx += e->dx_unaccelerated;
				udy += e->dy_unaccelerated;
			}
			struct gesto_recognized r = { .size = sizeof(r) };
			while (gesto_engine_next_gesture(engine, &r) == GESTO_OK)
				r = (struct gesto_recognized){ .size = sizeof(r) };
		}
		uint64_t deadline = 0;
		CHECK(gesto_engine_next_deadline_usec(engine, &deadline) == GESTO_OK, "lift timeout armed");
		CHECK(gesto_engine_dispatch_deadline(engine, deadline) == GESTO_OK, "dispatch");
		int presses = 0, releases = 0;
		double mx = 0, my = 0, umx = 0, umy = 0;
		for (size_t i = 0; i < seen.count; i++) {
			const struct seen_effect *e = &seen.items[i];
			if (e->kind == GESTO_EFFECT_PRESS) {
				presses++;
				CHECK(e->button == 0x110 && i == 0, "press %#x at %zu", e->button, i);
			} else if (e->kind == GESTO_EFFECT_RELEASE) {
				releases++;
				CHECK(e->button == 0x110 && i == seen.count - 1, "release %#x at %zu", e->button, i);
			} else if (e->kind == GESTO_EFFECT_MOVE) {
				mx += e->dx;
				my += e->dy;
				umx += e->unaccelerated_dx;
				umy += e->unaccelerated_dy;
			} else {
				CHECK(false, "effect kind %u in a drag", e->kind);
			}
		}
		CHECK(presses == 1 && releases == 1, "%s: %d presses, %d releases", disable ? "disabled" : "enabled", presses,
		      releases);
		/* With no swipe binding beside it the drag presses at the swipe's BEGIN: the moves
		   add up to every update's deltas. */
		CHECK(close_to(mx, dx, 1e-6) && close_to(my, dy, 1e-6), "moved (%f, %f), accelerated (%f, %f)", mx, my, dx, dy);
		CHECK(close_to(umx, udx, 1e-6) && close_to(umy, udy, 1e-6) && (fabs(umx - mx) > 1 || fabs(umy - my) > 1),
		      "unaccelerated (%f, %f) of (%f, %f)", umx, umy, udx, udy);
		gesto_engine_destroy(engine);
	}
	free(rec.events);
}

/* A host that disables the drag's binding while its button is down (it can no longer perform
   drags, say) still gets the release: by the lift timeout, gesto_engine_interrupt_drags() or
   gesto_engine_end_input(). Nothing fires for the disabled binding after that release. */
enum drag_ending { DRAG_ENDS_BY_LIFT_TIMEOUT, DRAG_ENDS_BY_INTERRUPT, DRAG_ENDS_BY_END_OF_INPUT };

static void
drag_disabled_mid_drag(const struct recording *rec, enum drag_ending ending)
{
	static const char *names[] = { "lift timeout", "interrupt", "end of input" };
	gesto_engine *engine = NULL;
	CHECK(gesto_engine_new_from_config(drag_config, strlen(drag_config), &engine) == GESTO_OK, "%s",
	      gesto_last_error_message());
	if (!engine)
		return;
	CHECK(gesto_engine_set_delivery(engine, GESTO_DELIVER_FIRINGS) == GESTO_OK, "delivery");
	struct host_drag d = { 0 };
	size_t half = rec->count / 2;
	uint64_t last = 0;
	for (size_t i = 0; i < rec->count; i++) {
		if (i == half) {
			CHECK(d.presses == 1 && d.releases == 0, "%s: pressed before disabling (%d presses)",
			      names[ending], d.presses);
			CHECK(gesto_engine_set_binding_enabled(engine, 0, 0) == GESTO_OK, "disable");
			if (ending == DRAG_ENDS_BY_INTERRUPT)
				CHECK(gesto_engine_interrupt_drags(engine, rec->events[i].time_usec) == GESTO_OK, "%s",
				      gesto_last_error_message());
		}
		if (ending == DRAG_ENDS_BY_END_OF_INPUT && i > half && rec->events[i].kind == GESTO_EVENT_SWIPE &&
		    rec->events[i].phase == GESTO_EVENT_END)
			break;  /* the device goes away with the fingers down */
		CHECK(gesto_engine_handle_event(engine, &rec->events[i]) == GESTO_OK, "%s", gesto_last_error_message());
		last = rec->events[i].time_usec;
		struct gesto_recognized r = { .size = sizeof(r) };
		while (gesto_engine_next_gesture(engine, &r) == GESTO_OK) {
			follow_drag(&d, &r);
			r = (struct gesto_recognized){ .size = sizeof(r) };
		}
	}
	if (ending == DRAG_ENDS_BY_END_OF_INPUT) {
		CHECK(gesto_engine_end_input(engine, last) == GESTO_OK, "%s", gesto_last_error_message());
	} else {
		uint64_t deadline = 0;
		while (gesto_engine_next_deadline_usec(engine, &deadline) == GESTO_OK)
			CHECK(gesto_engine_dispatch_deadline(engine, deadline) == GESTO_OK, "dispatch");
	}
	struct gesto_recognized r = { .size = sizeof(r) };
	while (gesto_engine_next_gesture(engine, &r) == GESTO_OK) {
		follow_drag(&d, &r);
		r = (struct gesto_recognized){ .size = sizeof(r) };
	}
	CHECK(d.presses == 1 && d.releases == 1, "%s: %d presses, %d releases", names[ending], d.presses, d.releases);
	uint32_t expected = ending == DRAG_ENDS_BY_INTERRUPT ? GESTO_CANCEL_INTERRUPTED
		: ending == DRAG_ENDS_BY_END_OF_INPUT ? GESTO_CANCEL_END_OF_INPUT : GESTO_CANCEL_NONE;
	CHECK(d.last_cancel == expected, "%s: released with cancel reason %u", names[ending], d.last_cancel);

	/* Disabled, the next stroke presses nothing. */
	struct host_drag again = { 0 };
	for (size_t i = 0; i < rec->count; i++) {
		struct gesto_gesture_event e = rec->events[i];
		e.time_usec += last + 10000000;
		CHECK(gesto_engine_handle_event(engine, &e) == GESTO_OK, "%s", gesto_last_error_message());
	}
	uint64_t deadline = 0;
	while (gesto_engine_next_deadline_usec(engine, &deadline) == GESTO_OK)
		CHECK(gesto_engine_dispatch_deadline(engine, deadline) == GESTO_OK, "dispatch");
	while (gesto_engine_next_gesture(engine, &r) == GESTO_OK) {
		follow_drag(&again, &r);
		r = (struct gesto_recognized){ .size = sizeof(r) };
	}
	CHECK(again.presses == 0 && again.releases == 0, "%s: disabled, then %d presses, %d releases", names[ending],
	      again.presses, again.releases);
	gesto_engine_destroy(engine);
}

static void
test_drag_disabled_mid_drag(void)
{
	struct recording rec;
	CHECK(load_recording(swipe_fixture, &rec), "cannot load %s", swipe_fixture);
	if (!rec.events)
		return;
	drag_disabled_mid_drag(&rec, DRAG_ENDS_BY_LIFT_TIMEOUT);
	drag_disabled_mid_drag(&rec, DRAG_ENDS_BY_INTERRUPT);
	drag_disabled_mid_drag(&rec, DRAG_ENDS_BY_END_OF_INPUT);
	free(rec.events);
}

/* ---- tests: deadlines ------------------------------------------------------------------ */

static struct gesto_gesture_event
event(uint32_t kind, uint32_t phase, uint32_t fingers, uint64_t time_usec)
{
	return (struct gesto_gesture_event){
		.size = sizeof(struct gesto_gesture_event),
		.kind = kind, .phase = phase, .fingers = fingers, .time_usec = time_usec, .scale = 1.0,
	};
}

static void
test_long_press_deadline(void)
{
	gesto_engine *engine = NULL;
	CHECK(gesto_engine_new(&engine) == GESTO_OK, "new");
	/* on-begin fires when the timer recognizes the press; on-end when the fingers lift. */
	CHECK(gesto_engine_add_binding(engine, "long-press:3", GESTO_MODE_ON_BEGIN, 41) == 0, "bind on-begin");
	CHECK(gesto_engine_add_binding(engine, "long-press:3", GESTO_MODE_ON_END, 42) == 1, "bind on-end");
	uint64_t deadline = 0;
	CHECK(gesto_engine_next_deadline_usec(engine, &deadline) == GESTO_EMPTY, "no deadline yet");

	struct gesto_gesture_event begin = event(GESTO_EVENT_HOLD, GESTO_EVENT_BEGIN, 3, 1000000);
	CHECK(gesto_engine_handle_event(engine, &begin) == GESTO_OK, "%s", gesto_last_error_message());
	CHECK(gesto_engine_is_active(engine) == 1, "active");
	CHECK(gesto_engine_next_deadline_usec(engine, &deadline) == GESTO_OK, "deadline");
	CHECK(deadline == 1180000, "deadline %llu (0.18 s after BEGIN)", (unsigned long long)deadline);

	static struct collected c;
	c.count = 0;
	drain(engine, &c);
	/* Early: nothing due. Then the timer fires 3 ms late: processed at the deadline itself. */
	CHECK(gesto_engine_dispatch_deadline(engine, 1100000) == GESTO_OK, "early");
	drain(engine, &c);
	CHECK(find(&c, "long-press:3", GESTO_PHASE_BEGAN, -1) == NULL, "not before the deadline");
	CHECK(gesto_engine_dispatch_deadline(engine, 1183000) == GESTO_OK, "dispatch");
	drain(engine, &c);
	const struct gesto_recognized *lp = find(&c, "long-press:3", GESTO_PHASE_BEGAN, -1);
	CHECK(lp && lp->time_usec == 1180000, "long-press:3 began at the deadline");
	const struct gesto_recognized *pressed = find(&c, "long-press:3", GESTO_PHASE_BEGAN, 0);
	CHECK(pressed && pressed->user_tag == 41, "the on-begin binding fired at the deadline");
	CHECK(find(&c, "long-press:3", GESTO_PHASE_ENDED, 1) == NULL, "the on-end binding waits for the lift");
	CHECK(gesto_engine_next_deadline_usec(engine, &deadline) == GESTO_EMPTY, "no deadline after");

	struct gesto_gesture_event end = event(GESTO_EVENT_HOLD, GESTO_EVENT_END, 3, 1500000);
	CHECK(gesto_engine_handle_event(engine, &end) == GESTO_OK, "end");
	drain(engine, &c);
	CHECK(find(&c, "hold:3", GESTO_PHASE_ENDED, -1) != NULL, "hold:3 ended");
	const struct gesto_recognized *lifted = find(&c, "long-press:3", GESTO_PHASE_ENDED, 1);
	CHECK(lifted && lifted->user_tag == 42 && lifted->time_usec == 1500000, "the on-end binding fired at the lift");
	gesto_engine_destroy(engine);
}

static struct gesto_touch_event
touch(uint32_t type, int32_t slot, double x_mm, double y_mm, uint64_t time_usec)
{
	return (struct gesto_touch_event){
		.size = sizeof(struct gesto_touch_event), .type = type, .slot = slot, .time_usec = time_usec,
		.x_percent = x_mm / 3, .y_percent = y_mm / 2, .x_mm = x_mm, .y_mm = y_mm,
	};
}

/* A touchscreen (300 x 200 mm): three fingers from the bottom edge, upward, as libinput
 * hands out its touch events; gesto recognizes the edge swipe from the raw touches. */
static void
test_touchscreen_edge_swipe(void)
{
	gesto_engine *engine = NULL;
	CHECK(gesto_engine_new(&engine) == GESTO_OK, "new");
	CHECK(gesto_engine_set_touchscreen_size(engine, 0, 200) == GESTO_ERROR_INVALID_ARGUMENT, "zero width");
	CHECK(gesto_engine_set_touchscreen_size(engine, 300, 200) == GESTO_OK, "size");
	CHECK(gesto_engine_add_binding(engine, "edge-swipe:bottom:3", GESTO_MODE_ON_END, 7) == 0, "bind");
	static struct collected c;
	c.count = 0;
	for (int step = 0; step <= 21; step++) {
		uint64_t t = 1000000 + (uint64_t)step * 10000;
		for (int32_t slot = 0; slot < 3; slot++) {
			uint32_t type = step == 0 ? GESTO_TOUCH_DOWN : step == 21 ? GESTO_TOUCH_UP : GESTO_TOUCH_MOTION;
			struct gesto_touch_event e = touch(type, slot, 150 + 20 * slot, 198 - 2.0 * step, t);
			CHECK(gesto_engine_handle_touch_event(engine, &e) == GESTO_OK, "%s", gesto_last_error_message());
		}
		struct gesto_touch_event frame = touch(GESTO_TOUCH_FRAME, -1, 0, 0, t);
		CHECK(gesto_engine_handle_touch_event(engine, &frame) == GESTO_OK, "%s", gesto_last_error_message());
		drain(engine, &c);
	}
	const struct gesto_recognized *edge = find(&c, "edge-swipe:bottom:3", GESTO_PHASE_ENDED, 0);
	CHECK(edge && edge->user_tag == 7 && edge->gesture == GESTO_GESTURE_EDGE_SWIPE && edge->fingers == 3
	      && edge->direction == GESTO_DIRECTION_UP, "the edge swipe fired");
	CHECK(edge && edge->translation_y < -39 && edge->translation_y > -41, "40 mm up");
	struct gesto_touch_event bad = touch(9, 0, 0, 0, 2000000);
	CHECK(gesto_engine_handle_touch_event(engine, &bad) == GESTO_ERROR_INVALID_ARGUMENT, "bad type");
	bad = touch(GESTO_TOUCH_DOWN, 4000, 0, 0, 2000000);
	CHECK(gesto_engine_handle_touch_event(engine, &bad) == GESTO_ERROR_INVALID_ARGUMENT, "bad slot");
	bad = touch(GESTO_TOUCH_DOWN, 0, NAN, 0, 2000000);
	CHECK(gesto_engine_handle_touch_event(engine, &bad) == GESTO_ERROR_INVALID_ARGUMENT, "NaN");
	bad = touch(GESTO_TOUCH_DOWN, 0, 0, 0, 2000000);
	bad.size = 8;
	CHECK(gesto_engine_handle_touch_event(engine, &bad) == GESTO_ERROR_INVALID_ARGUMENT, "small size");
	CHECK(gesto_engine_handle_touch_event(engine, NULL) == GESTO_ERROR_INVALID_ARGUMENT, "NULL");
	gesto_engine_destroy(engine);
}

/* ---- tests: errors and versioning ------------------------------------------------------ */

struct reentry {
	gesto_engine *engine;
	int status;
	int calls;
};

static void
reenter(const struct gesto_recognized *gesture, void *user_data)
{
	(void)gesture;
	struct reentry *r = user_data;
	struct gesto_gesture_event e = event(GESTO_EVENT_HOLD, GESTO_EVENT_END, 1, 3000000);
	r->status = gesto_engine_handle_event(r->engine, &e);
	r->calls++;
}

static void
test_errors(void)
{
	gesto_engine *engine = NULL;
	CHECK(gesto_engine_new(NULL) == GESTO_ERROR_INVALID_ARGUMENT, "NULL out");
	CHECK(strstr(gesto_last_error_message(), "out is NULL") != NULL, "%s", gesto_last_error_message());
	CHECK(gesto_engine_new_from_config(NULL, 3, &engine) == GESTO_ERROR_INVALID_ARGUMENT, "NULL yaml");
	CHECK(engine == NULL, "out untouched on failure");

	const char bad[] = "settings:\n  swipe:\n    treshold: 10\nbindings:\n  - gesture: swipe:3:sideways\n    exec: x\n";
	CHECK(gesto_engine_new_from_config(bad, strlen(bad), &engine) == GESTO_ERROR_CONFIG, "bad config");
	const char *message = gesto_last_error_message();
	CHECK(strstr(message, "<config>:3:5: error: unknown key 'treshold'") != NULL, "%s", message);
	CHECK(strstr(message, "did you mean 'threshold'") != NULL, "%s", message);
	CHECK(strstr(message, "<config>:5:") != NULL, "every problem listed: %s", message);
	CHECK(engine == NULL, "out untouched");
	const char not_utf8[] = "bindings: \xff\xfe\n";
	CHECK(gesto_engine_new_from_config(not_utf8, strlen(not_utf8), &engine) == GESTO_ERROR_CONFIG, "utf-8");
	/* A repeat step so small that counting steps would overflow is refused, not a crash. */
	const char tiny[] = "settings:\n  swipe:\n    repeat-distance: 1e-300\n"
			    "bindings:\n  - gesture: swipe:3:left\n    mode: repeat\n    exec: x\n";
	CHECK(gesto_engine_new_from_config(tiny, strlen(tiny), &engine) == GESTO_ERROR_CONFIG, "tiny repeat step");
	CHECK(strstr(gesto_last_error_message(), "'repeat-distance' must be at least 1") != NULL, "%s", gesto_last_error_message());
	CHECK(gesto_engine_new_from_config("", 0, &engine) == GESTO_OK, "an empty config is valid");
	CHECK(gesto_engine_binding_count(engine) == 0, "no bindings");

	CHECK(gesto_engine_add_binding(engine, "swipe:3:sideways", GESTO_MODE_ON_END, 0) == GESTO_ERROR_BINDING_SYNTAX, "syntax");
	CHECK(strstr(gesto_last_error_message(), "unknown swipe direction 'sideways'") != NULL, "%s", gesto_last_error_message());
	CHECK(gesto_engine_add_binding(engine, "swipe:3", 99, 0) == GESTO_ERROR_INVALID_ARGUMENT, "mode");
	CHECK(gesto_engine_add_binding(engine, NULL, GESTO_MODE_ON_END, 0) == GESTO_ERROR_INVALID_ARGUMENT, "NULL");
	CHECK(gesto_engine_add_binding(NULL, "swipe:3", GESTO_MODE_ON_END, 0) == GESTO_ERROR_INVALID_ARGUMENT, "NULL engine");
	CHECK(gesto_engine_binding_count(NULL) == GESTO_ERROR_INVALID_ARGUMENT, "NULL engine");
	CHECK(gesto_engine_is_active(NULL) == GESTO_ERROR_INVALID_ARGUMENT, "NULL engine");
	CHECK(gesto_engine_set_focused_app(engine, "org.gnome.Nautilus") == GESTO_OK, "app");
	CHECK(gesto_engine_set_focused_app(engine, NULL) == GESTO_OK, "no app");

	struct gesto_gesture_event e = event(GESTO_EVENT_SWIPE, GESTO_EVENT_BEGIN, 3, 1000);
	CHECK(gesto_engine_handle_event(engine, NULL) == GESTO_ERROR_INVALID_ARGUMENT, "NULL event");
	e.size = 40;
	CHECK(gesto_engine_handle_event(engine, &e) == GESTO_ERROR_INVALID_ARGUMENT, "small size");
	CHECK(strstr(gesto_last_error_message(), "event->size is 40") != NULL, "%s", gesto_last_error_message());
	e = event(7, GESTO_EVENT_BEGIN, 3, 1000);
	CHECK(gesto_engine_handle_event(engine, &e) == GESTO_ERROR_INVALID_ARGUMENT, "kind");
	e = event(GESTO_EVENT_SWIPE, 0, 3, 1000);
	CHECK(gesto_engine_handle_event(engine, &e) == GESTO_ERROR_INVALID_ARGUMENT, "phase");
	e = event(GESTO_EVENT_SWIPE, GESTO_EVENT_BEGIN, 0, 1000);
	CHECK(gesto_engine_handle_event(engine, &e) == GESTO_ERROR_INVALID_ARGUMENT, "fingers 0");
	e = event(GESTO_EVENT_SWIPE, GESTO_EVENT_BEGIN, 3, UINT64_MAX);
	CHECK(gesto_engine_handle_event(engine, &e) == GESTO_ERROR_INVALID_ARGUMENT, "time");
	e = event(GESTO_EVENT_SWIPE, GESTO_EVENT_UPDATE, 3, 1000);
	e.dx_unaccelerated = NAN;
	CHECK(gesto_engine_handle_event(engine, &e) == GESTO_ERROR_INVALID_ARGUMENT, "NaN");
	CHECK(strstr(gesto_last_error_message(), "dx_unaccelerated") != NULL, "%s", gesto_last_error_message());
	e.dx_unaccelerated = 1e300;
	CHECK(gesto_engine_handle_event(engine, &e) == GESTO_ERROR_INVALID_ARGUMENT, "huge");
	e = event(GESTO_EVENT_PINCH, GESTO_EVENT_UPDATE, 2, 1000);
	e.scale = 0;
	CHECK(gesto_engine_handle_event(engine, &e) == GESTO_ERROR_INVALID_ARGUMENT, "scale 0");
	CHECK(gesto_engine_is_active(engine) == 0, "rejected events changed nothing");

	/* A caller compiled against a newer header: a bigger struct, extra fields ignored. */
	struct {
		struct gesto_gesture_event e;
		double future[4];
	} newer = { .e = event(GESTO_EVENT_SWIPE, GESTO_EVENT_BEGIN, 3, 2000), .future = { 1, 2, 3, 4 } };
	newer.e.size = sizeof(newer);
	CHECK(gesto_engine_handle_event(engine, &newer.e) == GESTO_OK, "%s", gesto_last_error_message());
	CHECK(gesto_engine_is_active(engine) == 1, "swipe begun");
	CHECK(gesto_engine_add_binding(engine, "swipe:3", GESTO_MODE_ON_END, 0) == GESTO_ERROR_BUSY, "mid-gesture");

	/* next_gesture writes at most `size` bytes and says how many it wrote. */
	struct gesto_recognized too_small = { .size = 100 };
	CHECK(gesto_engine_next_gesture(engine, &too_small) == GESTO_ERROR_INVALID_ARGUMENT, "small out");
	CHECK(gesto_engine_next_gesture(engine, NULL) == GESTO_ERROR_INVALID_ARGUMENT, "NULL out");
	e = event(GESTO_EVENT_SWIPE, GESTO_EVENT_UPDATE, 3, 3000);
	e.dx_unaccelerated = e.dx = 40;
	CHECK(gesto_engine_handle_event(engine, &e) == GESTO_OK, "update");
	struct {
		struct gesto_recognized r;
		unsigned char guard[16];
	} bigger;
	memset(&bigger, 0xab, sizeof(bigger));
	bigger.r.size = sizeof(bigger);
	CHECK(gesto_engine_next_gesture(engine, &bigger.r) == GESTO_OK, "a report is queued");
	CHECK(bigger.r.size == sizeof(struct gesto_recognized), "wrote %u", bigger.r.size);
	CHECK(bigger.guard[0] == 0xab && bigger.guard[15] == 0xab, "bytes past the struct untouched");
	CHECK(strcmp(bigger.r.name, "swipe:3:right") == 0 && bigger.r.phase == GESTO_PHASE_BEGAN, "%s", bigger.r.name);

	/* Feeding the engine from its own callback is refused, not corrupting. */
	struct reentry r = { .engine = engine };
	gesto_engine_set_callback(engine, reenter, &r);
	CHECK(gesto_engine_end_input(engine, 4000) == GESTO_OK, "end");
	CHECK(r.calls > 0 && r.status == GESTO_ERROR_BUSY, "calls %d status %d", r.calls, r.status);
	gesto_engine_set_callback(engine, NULL, NULL);

	uint64_t deadline;
	CHECK(gesto_engine_next_deadline_usec(NULL, &deadline) == GESTO_ERROR_INVALID_ARGUMENT, "NULL");
	CHECK(gesto_engine_next_deadline_usec(engine, NULL) == GESTO_ERROR_INVALID_ARGUMENT, "NULL");
	CHECK(gesto_engine_dispatch_deadline(engine, UINT64_MAX) == GESTO_ERROR_INVALID_ARGUMENT, "time");
	gesto_engine_destroy(engine);
	gesto_engine_destroy(NULL);
	gesto_velocity_tracker_destroy(NULL);
}

/* ---- tests: threads ------------------------------------------------------------------- */

struct worker {
	const struct recording *rec;
	int pinch_endings;
	bool message_kept;
};

static void *
work(void *argument)
{
	struct worker *w = argument;
	/* Each thread's last error is its own. */
	struct gesto_spring_parameters p;
	gesto_spring_parameters_physical(1, -1, 1, &p);
	for (int round = 0; round < 20; round++) {
		gesto_engine *engine = NULL;
		if (gesto_engine_new(&engine) != GESTO_OK)
			return NULL;
		gesto_engine_set_delivery(engine, GESTO_DELIVER_REPORTS);
		struct collected *c = malloc(sizeof(*c));
		c->count = 0;
		replay(engine, w->rec, c, true);
		if (find(c, "pinch:2:out", GESTO_PHASE_ENDED, -1))
			w->pinch_endings++;
		free(c);
		gesto_engine_destroy(engine);
	}
	w->message_kept = strstr(gesto_last_error_message(), "'stiffness'") != NULL;
	return NULL;
}

static void
test_engines_on_threads(void)
{
	struct recording rec;
	CHECK(load_recording(pinch_fixture, &rec), "load");
	if (!rec.events)
		return;
	struct worker workers[4];
	pthread_t threads[4];
	for (int i = 0; i < 4; i++) {
		workers[i] = (struct worker){ .rec = &rec };
		CHECK(pthread_create(&threads[i], NULL, work, &workers[i]) == 0, "create");
	}
	for (int i = 0; i < 4; i++) {
		pthread_join(threads[i], NULL);
		CHECK(workers[i].pinch_endings == 20, "thread %d: %d", i, workers[i].pinch_endings);
		CHECK(workers[i].message_kept, "thread %d lost its last error", i);
	}
	free(rec.events);
}

/* ---- tests: motion against the vectors -------------------------------------------------- */

static void
test_spring_vectors(void)
{
	for (size_t i = 0; i < VEC_COUNT(vec_springs); i++) {
		const struct vec_spring *v = &vec_springs[i];
		struct gesto_spring_parameters p;
		struct gesto_spring s;
		CHECK(gesto_spring_parameters_physical(v->mass, v->stiffness, v->damping, &p) == GESTO_OK, "%s", v->id);
		CHECK(gesto_spring_init(&s, &p, v->from, v->to, v->initial_velocity) == GESTO_OK, "%s", v->id);
		CHECK(close_to(gesto_spring_parameters_get_damping_ratio(&p), v->damping_ratio, 1e-12), "%s ζ", v->id);
		for (size_t j = 0; j < v->sample_count; j++) {
			const struct vec_sample *x = &v->samples[j];
			double value = gesto_spring_value_at(&s, x->t), velocity = gesto_spring_velocity_at(&s, x->t);
			CHECK(close_to(value, x->position, v->tolerance_position), "%s t=%g x=%.9g want %.9g",
			      v->id, x->t, value, x->position);
			CHECK(close_to(velocity, x->velocity, v->tolerance_velocity), "%s t=%g v=%.9g want %.9g",
			      v->id, x->t, velocity, x->velocity);
		}
		for (size_t j = 0; j < v->settle_count; j++) {
			const struct vec_settle *x = &v->settles[j];
			double seconds = -1;
			CHECK(gesto_spring_settle_time(&s, x->epsilon_position, x->epsilon_velocity, &seconds) == GESTO_OK,
			      "%s", gesto_last_error_message());
			CHECK(close_to(seconds, x->settle_time, v->settle_tolerance), "%s ε=%g settle %.9g want %.9g",
			      v->id, x->epsilon_position, seconds, x->settle_time);
		}
		if (!isnan(v->envelope_e3)) {
			CHECK(close_to(gesto_spring_estimated_duration(&s, 1e-3), v->envelope_e3, v->envelope_tolerance), "%s", v->id);
			CHECK(close_to(gesto_spring_estimated_duration(&s, 1e-4), v->envelope_e4, v->envelope_tolerance), "%s", v->id);
		}
	}
}

static double
kv(const struct vec_kv *kvs, size_t count, const char *key)
{
	for (size_t i = 0; i < count; i++)
		if (strcmp(kvs[i].key, key) == 0)
			return kvs[i].value;
	return NAN;
}

static bool
relative(double a, double b)
{
	return fabs(a - b) <= vec_mapping_tolerance * fmax(fabs(b), 1e-300);
}

static void
test_parameter_mappings(void)
{
	size_t handled = 0;
	for (size_t i = 0; i < VEC_COUNT(vec_mappings); i++) {
		const struct vec_mapping *m = &vec_mappings[i];
#define IN(key) kv(m->input, m->input_count, key)
#define OUT(key) kv(m->output, m->output_count, key)
		struct gesto_spring_parameters p = { 0 };
		int status = GESTO_OK;
		if (strcmp(m->id, "swiftui_duration_bounce") == 0 || strcmp(m->id, "swiftui_negative_bounce") == 0) {
			status = gesto_spring_parameters_duration_bounce(IN("duration"), IN("bounce"), 1, &p);
			CHECK(relative(p.stiffness, OUT("stiffness")) && relative(p.damping, OUT("damping")) &&
			      relative(gesto_spring_parameters_get_damping_ratio(&p), OUT("damping_ratio")), "%s", m->id);
		} else if (strcmp(m->id, "swiftui_reverse") == 0) {
			status = gesto_spring_parameters_physical(IN("mass"), IN("stiffness"), IN("damping"), &p);
			CHECK(relative(gesto_spring_parameters_get_response(&p), OUT("duration")) &&
			      relative(gesto_spring_parameters_get_bounce(&p), OUT("bounce")), "%s", m->id);
		} else if (strcmp(m->id, "swiftui_response_dampingFraction") == 0) {
			status = gesto_spring_parameters_response(IN("response"), IN("dampingFraction"), 1, &p);
			CHECK(relative(p.stiffness, OUT("stiffness")) && relative(p.damping, OUT("damping")), "%s", m->id);
		} else if (strcmp(m->id, "compose_medium_nobouncy") == 0) {
			status = gesto_spring_parameters_damping_ratio(IN("dampingRatio"), IN("stiffness"), 1, &p);
			CHECK(relative(p.damping, OUT("damping")) && p.mass == 1, "%s", m->id);
		} else if (strcmp(m->id, "adwaita_params_new") == 0) {
			status = gesto_spring_parameters_damping_ratio(IN("damping_ratio"), IN("stiffness"), IN("mass"), &p);
			CHECK(relative(p.damping, OUT("damping")), "%s", m->id);
		} else if (strcmp(m->id, "motion_visualDuration") == 0) {
			status = gesto_spring_parameters_visual_duration(IN("visualDuration"), IN("bounce"), &p);
			CHECK(relative(p.stiffness, OUT("stiffness")) && relative(p.damping, OUT("damping")), "%s", m->id);
		} else if (strcmp(m->id, "uikit_initialSpringVelocity") == 0) {
			/* A UIKit unit conversion, not part of the C API. */
		} else {
			CHECK(false, "unhandled mapping %s", m->id);
			continue;
		}
		CHECK(status == GESTO_OK, "%s: %s", m->id, gesto_last_error_message());
		handled++;
#undef IN
#undef OUT
	}
	CHECK(handled == 8, "%zu mappings", handled);

	struct gesto_spring_parameters p = { .mass = 7, .stiffness = 7, .damping = 7 };
	CHECK(gesto_spring_parameters_duration_bounce(0.5, 1.5, 1, &p) == GESTO_ERROR_OUT_OF_RANGE, "bounce");
	CHECK(strstr(gesto_last_error_message(), "'bounce' must be in (-1, 1]") != NULL, "%s", gesto_last_error_message());
	CHECK(p.mass == 7, "out untouched");
	CHECK(gesto_spring_parameters_response(NAN, 1, 1, &p) == GESTO_ERROR_OUT_OF_RANGE, "NaN");
	CHECK(gesto_spring_parameters_damping_ratio(1, 100, 1, NULL) == GESTO_ERROR_INVALID_ARGUMENT, "NULL");
	struct gesto_spring zero = { 0 };
	CHECK(isnan(gesto_spring_value_at(&zero, 0.1)) && isnan(gesto_spring_value_at(NULL, 0.1)), "invalid spring");
	double seconds;
	CHECK(gesto_spring_settle_time(&zero, 0.1, 6.25, &seconds) == GESTO_ERROR_INVALID_ARGUMENT, "invalid");
	struct gesto_spring_parameters bad = { .mass = 1, .stiffness = 0, .damping = 1 };
	struct gesto_spring s;
	CHECK(gesto_spring_init(&s, &bad, 0, 1, 0) == GESTO_ERROR_OUT_OF_RANGE, "stiffness 0");
	/* Zero damping never settles. */
	gesto_spring_parameters_physical(1, 100, 0, &p);
	gesto_spring_init(&s, &p, 0, 1, 0);
	CHECK(gesto_spring_settle_time(&s, 0.1, 6.25, &seconds) == GESTO_OK && isinf(seconds), "undamped");
}

static void
test_retarget_vector(void)
{
	struct gesto_spring_parameters p;
	struct gesto_spring s;
	gesto_spring_parameters_physical(vec_retarget.mass, vec_retarget.stiffness, vec_retarget.damping, &p);
	gesto_spring_init(&s, &p, vec_retarget.from, vec_retarget.first_target, vec_retarget.initial_velocity);
	CHECK(gesto_spring_retarget(&s, vec_retarget.second_target, vec_retarget.retarget_time) == GESTO_OK, "retarget");
	CHECK(close_to(s.from, vec_retarget.state_position, vec_retarget.tolerance_position) &&
	      close_to(s.initial_velocity, vec_retarget.state_velocity, vec_retarget.tolerance_velocity) &&
	      s.to == vec_retarget.second_target, "state %f %f", s.from, s.initial_velocity);
	for (size_t i = 0; i < VEC_COUNT(vec_retarget_samples); i++) {
		const struct vec_sample *x = &vec_retarget_samples[i];
		CHECK(close_to(gesto_spring_value_at(&s, x->t), x->position, vec_retarget.tolerance_position), "t=%g", x->t);
		CHECK(close_to(gesto_spring_velocity_at(&s, x->t), x->velocity, vec_retarget.tolerance_velocity), "t=%g", x->t);
	}
	CHECK(gesto_spring_retarget(&s, NAN, 0) == GESTO_ERROR_INVALID_ARGUMENT, "NaN target");
}

static void
test_decay_vectors(void)
{
	for (size_t i = 0; i < VEC_COUNT(vec_decays); i++) {
		const struct vec_decay *v = &vec_decays[i];
		struct gesto_decay d;
		CHECK(gesto_decay_init_rate(&d, v->from, v->initial_velocity, exp(-v->decay_per_second / 1000)) == GESTO_OK,
		      "%s", gesto_last_error_message());
		CHECK(close_to(d.decay_per_second, v->decay_per_second, 1e-9), "%s λ %.12g", v->id, d.decay_per_second);
		for (size_t j = 0; j < v->sample_count; j++) {
			const struct vec_sample *x = &v->samples[j];
			CHECK(close_to(gesto_decay_value_at(&d, x->t), x->position, v->tolerance_position), "%s t=%g", v->id, x->t);
			CHECK(close_to(gesto_decay_velocity_at(&d, x->t), x->velocity, v->tolerance_velocity), "%s t=%g", v->id, x->t);
		}
		CHECK(close_to(gesto_decay_rest_value(&d), v->rest_position, v->tolerance_position), "%s rest", v->id);
		CHECK(close_to(gesto_decay_duration_until_speed_below(&d, 6.25), v->time_until_6_25, v->tolerance_time),
		      "%s duration", v->id);
	}
	struct gesto_decay d;
	CHECK(gesto_decay_init_friction(&d, 0, 2000, 1) == GESTO_OK && d.decay_per_second == 4.2, "compose");
	CHECK(gesto_decay_init_rate(&d, 0, 1, 1.0) == GESTO_ERROR_OUT_OF_RANGE, "rate 1");
	CHECK(gesto_decay_init_friction(&d, 0, 1, 0) == GESTO_ERROR_OUT_OF_RANGE, "friction 0");
	CHECK(gesto_decay_init_rate(&d, INFINITY, 1, 0.998) == GESTO_ERROR_INVALID_ARGUMENT, "from");
	struct gesto_decay zero = { 0 };
	CHECK(isnan(gesto_decay_value_at(&zero, 1)) && isnan(gesto_decay_rest_value(NULL)), "invalid decay");

	for (size_t i = 0; i < VEC_COUNT(vec_projections); i++) {
		const struct vec_projection *v = &vec_projections[i];
		CHECK(close_to(gesto_project(v->velocity, v->rate), v->continuous, v->tolerance), "v=%g r=%g", v->velocity, v->rate);
		CHECK(close_to(gesto_project_discrete(v->velocity, v->rate), v->discrete, v->tolerance), "v=%g r=%g",
		      v->velocity, v->rate);
	}
	CHECK(isnan(gesto_project(100, 1.5)), "bad rate");
}

static void
test_rubber_band_vectors(void)
{
	size_t checked = 0;
	for (size_t i = 0; i < VEC_COUNT(vec_bands); i++) {
		const struct vec_band *v = &vec_bands[i];
		double c = kv(v->params, v->param_count, "c"), limit = kv(v->params, v->param_count, "limit");
		double k = kv(v->params, v->param_count, "k");
		double lower = kv(v->params, v->param_count, "min"), upper = kv(v->params, v->param_count, "max");
		struct gesto_rubber_band band;
		if (!isnan(k)) {
			/* limit + e·c/(1 + e·k): the curve with L = c/k, bounded above by `limit`. */
			CHECK(gesto_rubber_band_init(&band, c, c / k) == GESTO_OK, "%s", v->id);
			for (size_t j = 0; j < v->count; j++) {
				double shown = gesto_rubber_band_displayed(&band, v->values[j].x, -INFINITY, limit);
				CHECK(close_to(shown, v->values[j].y, vec_band_tolerance), "%s raw=%g", v->id, v->values[j].x);
				double back = gesto_rubber_band_raw(&band, v->values[j].y, -INFINITY, limit);
				CHECK(close_to(back, v->values[j].x, 1e-9 * fmax(1, v->values[j].x)), "%s inverse", v->id);
			}
		} else if (!isnan(lower)) {
			CHECK(gesto_rubber_band_init(&band, c, limit) == GESTO_OK, "%s", v->id);
			for (size_t j = 0; j < v->count; j++) {
				const struct vec_band_value *x = &v->values[j];
				CHECK(close_to(gesto_rubber_band_displayed(&band, x->x, lower, upper), x->y, vec_band_tolerance),
				      "%s raw=%g", v->id, x->x);
				CHECK(close_to(gesto_rubber_band_release_velocity(&band, 1000, x->x, lower, upper),
					       1000 * x->derivative, 1e-6), "%s raw=%g", v->id, x->x);
			}
		} else {
			CHECK(gesto_rubber_band_init(&band, c, limit) == GESTO_OK, "%s", v->id);
			for (size_t j = 0; j < v->count; j++) {
				const struct vec_band_value *x = &v->values[j];
				CHECK(close_to(gesto_rubber_band_band(&band, x->x), x->y, vec_band_tolerance), "%s e=%g", v->id, x->x);
				CHECK(close_to(gesto_rubber_band_slope(&band, x->x), x->derivative, vec_band_tolerance),
				      "%s e=%g", v->id, x->x);
				if (x->y < limit)
					CHECK(close_to(gesto_rubber_band_excess(&band, x->y), x->x, 1e-6 * fmax(1, x->x)),
					      "%s inverse e=%g", v->id, x->x);
			}
		}
		checked++;
	}
	CHECK(checked == 6, "%zu cases", checked);
	struct gesto_rubber_band band;
	CHECK(gesto_rubber_band_init(&band, 0, 100) == GESTO_ERROR_OUT_OF_RANGE, "coefficient 0");
	CHECK(gesto_rubber_band_init(&band, 0.55, INFINITY) == GESTO_ERROR_OUT_OF_RANGE, "infinite");
	gesto_rubber_band_init(&band, 0.55, 100);
	CHECK(isnan(gesto_rubber_band_displayed(&band, 5, 10, 0)), "lower > upper is NaN, not a crash");
	CHECK(isnan(gesto_rubber_band_displayed(&band, 5, NAN, 10)), "NaN bound");
	struct gesto_rubber_band zero = { 0 };
	CHECK(isnan(gesto_rubber_band_band(&zero, 1)), "invalid band");
	CHECK(isinf(gesto_rubber_band_excess(&band, 100)), "no preimage at the asymptote");
}

static void
test_velocity_vectors(void)
{
	gesto_velocity_tracker *tracker = NULL;
	CHECK(gesto_velocity_tracker_new(&tracker) == GESTO_OK, "new");
	for (size_t i = 0; i < VEC_COUNT(vec_velocities); i++) {
		const struct vec_velocity *v = &vec_velocities[i];
		for (size_t j = 0; j < v->lift_count; j++) {
			gesto_velocity_tracker_reset(tracker);
			for (size_t k = 0; k < v->sample_count; k++)
				CHECK(gesto_velocity_tracker_add(tracker, (uint64_t)llround(v->samples[k].t_ms * 1000),
								 v->samples[k].position, 0) == GESTO_OK, "add");
			double vx = NAN, vy = NAN;
			CHECK(gesto_velocity_tracker_velocity(tracker, (uint64_t)llround(v->lifts[j].lift_time_ms * 1000),
							      &vx, &vy) == GESTO_OK, "velocity");
			CHECK(close_to(vx, v->lifts[j].velocity, v->tolerance) && vy == 0, "%s lift %g: %.9g want %.9g",
			      v->id, v->lifts[j].lift_time_ms, vx, v->lifts[j].velocity);
		}
	}
	int count = gesto_velocity_tracker_sample_count(tracker);
	CHECK(count > 0 && count <= 20, "%d samples", count);
	CHECK(gesto_velocity_tracker_add(tracker, 1, NAN, 0) == GESTO_ERROR_INVALID_ARGUMENT, "NaN");
	CHECK(gesto_velocity_tracker_add(NULL, 1, 0, 0) == GESTO_ERROR_INVALID_ARGUMENT, "NULL");
	double vx;
	CHECK(gesto_velocity_tracker_velocity(tracker, 1, &vx, NULL) == GESTO_ERROR_INVALID_ARGUMENT, "NULL vy");
	gesto_velocity_tracker_destroy(tracker);
}

/* ---- tests: reorder engine ------------------------------------------------------------- */

/*
 * A row of 5 items of 100 × 40 points, 10 apart (a pitch of 110 points), at 2 points per
 * delta unit (a slot every 55 units). With hysteresis h, the lifted item's destination moves
 * one slot right once its centre is (0.5 + h) × 110 points past its resting centre, then
 * every 110 points more.
 */
static gesto_reorder *
new_row(double hysteresis)
{
	struct gesto_reorder_layout layout = {
		.size = sizeof(layout),
		.arrangement = GESTO_REORDER_ROW,
		.item_count = 5,
		.item_width = 100, .item_height = 40,
		.spacing = 10,
	};
	struct gesto_reorder_settings settings = { .size = sizeof(settings) };
	if (gesto_reorder_settings_defaults(&settings) != GESTO_OK)
		return NULL;
	settings.points_per_unit = 2;
	settings.hysteresis = hysteresis;
	gesto_reorder *reorder = NULL;
	CHECK(gesto_reorder_new(&layout, &settings, &reorder) == GESTO_OK, "%s", gesto_last_error_message());
	return reorder;
}

static bool
same_order(const int *a, const int *b, size_t count)
{
	return memcmp(a, b, count * sizeof(*a)) == 0;
}

static bool
moves_are(const struct gesto_reorder_move *moves, size_t count, size_t expected_count, const int *expected)
{
	if (count != expected_count)
		return false;
	for (size_t i = 0; i < count; i++)
		if (moves[i].from != expected[2 * i] || moves[i].to != expected[2 * i + 1])
			return false;
	return true;
}

/* Applies a move to an order kept by the caller, as gesto.h defines it. */
static void
apply_move(int *order, struct gesto_reorder_move move)
{
	int item = order[move.from];
	if (move.from < move.to)
		memmove(&order[move.from], &order[move.from + 1], (size_t)(move.to - move.from) * sizeof(*order));
	else
		memmove(&order[move.to + 1], &order[move.to], (size_t)(move.from - move.to) * sizeof(*order));
	order[move.to] = item;
}

/* The largest distance, in points, of any item from where it rests in slot order `order`. */
static double
distance_from_slots(const gesto_reorder *reorder, uint64_t time_usec, const int *order)
{
	double xy[10];
	if (gesto_reorder_positions(reorder, time_usec, xy, 5) != GESTO_OK)
		return INFINITY;
	double worst = 0;
	for (int slot = 0; slot < 5; slot++) {
		int item = order[slot];
		worst = fmax(worst, fmax(fabs(xy[2 * item] - 110.0 * slot), fabs(xy[2 * item + 1])));
	}
	return worst;
}

static void
test_reorder_drag_and_commit(void)
{
	struct gesto_reorder_settings defaults = { .size = sizeof(defaults) };
	CHECK(gesto_reorder_settings_defaults(&defaults) == GESTO_OK, "defaults");
	CHECK(defaults.size == sizeof(defaults), "size kept");
	CHECK(defaults.points_per_unit == GESTO_REORDER_DEFAULT_POINTS_PER_UNIT, "%g", defaults.points_per_unit);
	CHECK(defaults.hysteresis == GESTO_REORDER_DEFAULT_HYSTERESIS, "%g", defaults.hysteresis);
	CHECK(defaults.spring.mass == 1 && defaults.spring.stiffness == 800 &&
	      close_to(gesto_spring_parameters_get_damping_ratio(&defaults.spring), 1, 1e-12), "niri's spring");
	CHECK(defaults.rest_position == 0.1 && defaults.rest_velocity == 6.25, "rest tolerance");

	gesto_reorder *reorder = new_row(0.15);
	if (!reorder)
		return;
	const uint64_t t0 = 5000000;
	CHECK(gesto_reorder_item_count(reorder) == 5, "5 items");
	CHECK(gesto_reorder_phase(reorder, t0) == GESTO_REORDER_PHASE_IDLE, "idle");
	CHECK(gesto_reorder_is_settled(reorder, t0) == 1, "settled");
	int item = 7, destination = 7;
	CHECK(gesto_reorder_dragged(reorder, &item, &destination) == GESTO_EMPTY && item == -1 && destination == -1,
	      "nothing lifted: %d %d", item, destination);
	double xy[10];
	CHECK(gesto_reorder_positions(reorder, t0, xy, 5) == GESTO_OK, "positions");
	for (int i = 0; i < 5; i++)
		CHECK(xy[2 * i] == 110.0 * i && xy[2 * i + 1] == 0, "item %d at (%g, %g)", i, xy[2 * i], xy[2 * i + 1]);

	CHECK(gesto_reorder_lift(reorder, 1, t0) == GESTO_OK, "%s", gesto_last_error_message());
	CHECK(gesto_reorder_phase(reorder, t0) == GESTO_REORDER_PHASE_LIFTED, "lifted");
	CHECK(gesto_reorder_is_settled(reorder, t0) == 0, "a lifted item is never settled");
	CHECK(gesto_reorder_dragged(reorder, &item, &destination) == GESTO_OK && item == 1 && destination == 1,
	      "item %d to slot %d", item, destination);

	/* 1.7 slots right: 1.7 × 55 units = 187 points. The centre crosses into slot 2 at
	 * 0.65 × 110 = 71.5 points and into slot 3 at 181.5: two moves, in order. */
	struct gesto_reorder_move moves[8];
	size_t count = 8;
	CHECK(gesto_reorder_drag(reorder, 1.7 * 55, 0, 900, 0, t0 + 100000, moves, &count) == GESTO_OK,
	      "%s", gesto_last_error_message());
	CHECK(moves_are(moves, count, 2, (const int[]){ 1, 2, 2, 3 }), "%zu moves: %d→%d %d→%d", count,
	      moves[0].from, moves[0].to, moves[1].from, moves[1].to);
	CHECK(gesto_reorder_phase(reorder, t0 + 100000) == GESTO_REORDER_PHASE_DRAGGING, "dragging");
	CHECK(gesto_reorder_dragged(reorder, &item, &destination) == GESTO_OK && item == 1 && destination == 3,
	      "item %d to slot %d", item, destination);
	int live[5], original[5];
	CHECK(gesto_reorder_live_order(reorder, live, 5) == GESTO_OK, "live order");
	CHECK(same_order(live, (const int[]){ 0, 2, 3, 1, 4 }, 5), "%d %d %d %d %d", live[0], live[1], live[2], live[3], live[4]);
	CHECK(gesto_reorder_original_order(reorder, original, 5) == GESTO_OK, "original order");
	CHECK(same_order(original, (const int[]){ 0, 1, 2, 3, 4 }, 5), "original unchanged");
	CHECK(gesto_reorder_positions(reorder, t0 + 100000, xy, 5) == GESTO_OK, "positions");
	CHECK(close_to(xy[2], 110 + 187, 1e-9) && xy[3] == 0, "the lifted item follows the finger: %g", xy[2]);

	/* Commit: no new move, the live order is kept. */
	const uint64_t released = t0 + 120000;
	count = 8;
	CHECK(gesto_reorder_commit(reorder, 0, 0, released, moves, &count) == GESTO_OK, "%s", gesto_last_error_message());
	CHECK(count == 0, "a commit causes no move (%zu)", count);
	CHECK(gesto_reorder_phase(reorder, released) == GESTO_REORDER_PHASE_SETTLING, "settling");
	CHECK(gesto_reorder_dragged(reorder, &item, &destination) == GESTO_EMPTY, "dropped");
	CHECK(gesto_reorder_live_order(reorder, live, 5) == GESTO_OK &&
	      same_order(live, (const int[]){ 0, 2, 3, 1, 4 }, 5), "committed order");
	CHECK(gesto_reorder_original_order(reorder, original, 5) == GESTO_OK && same_order(original, live, 5),
	      "the original order is the committed one once dropped");

	/* The springs bring every item to its new slot: closer and closer, then settled. */
	double d0 = distance_from_slots(reorder, released, live);
	double d1 = distance_from_slots(reorder, released + 50000, live);
	double d2 = distance_from_slots(reorder, released + 150000, live);
	CHECK(d0 > 30 && d1 < d0 && d2 < d1, "approaching: %g, %g, %g points", d0, d1, d2);
	CHECK(gesto_reorder_is_settled(reorder, released + 50000) == 0, "still moving after 50 ms");
	CHECK(gesto_reorder_is_settled(reorder, released + 2000000) == 1, "settled after 2 s");
	CHECK(gesto_reorder_phase(reorder, released + 2000000) == GESTO_REORDER_PHASE_IDLE, "idle again");
	CHECK(distance_from_slots(reorder, released + 2000000, live) <= 0.1, "in the new slots");
	gesto_reorder_destroy(reorder);
}

static void
test_reorder_hysteresis(void)
{
	/* Around the first boundary of each reorder, 10 drags alternating 2 units either side. */
	struct {
		double hysteresis;
		double boundary; /* units: (0.5 + h) × 110 points / 2 points per unit */
		size_t expected_moves;
	} cases[] = {
		{ 0.15, 0.65 * 55, 1 },
		{ 0, 0.5 * 55, 10 },
	};
	for (size_t c = 0; c < 2; c++) {
		gesto_reorder *reorder = new_row(cases[c].hysteresis);
		if (!reorder)
			return;
		CHECK(gesto_reorder_lift(reorder, 1, 1000) == GESTO_OK, "lift");
		size_t total = 0;
		int order[5] = { 0, 1, 2, 3, 4 };
		for (int i = 0; i < 10; i++) {
			struct gesto_reorder_move moves[4];
			size_t count = 4;
			double dx = cases[c].boundary + (i % 2 == 0 ? 2 : -2);
			CHECK(gesto_reorder_drag(reorder, dx, 0, 0, 0, 2000 + 8000 * (uint64_t)i, moves, &count) == GESTO_OK,
			      "%s", gesto_last_error_message());
			for (size_t m = 0; m < count; m++)
				apply_move(order, moves[m]);
			total += count;
		}
		CHECK(total == cases[c].expected_moves, "hysteresis %g: %zu moves, expected %zu", cases[c].hysteresis,
		      total, cases[c].expected_moves);
		int live[5];
		CHECK(gesto_reorder_live_order(reorder, live, 5) == GESTO_OK && same_order(order, live, 5),
		      "the moves applied in order give the live order");
		gesto_reorder_destroy(reorder);
	}
}

static void
test_reorder_cancel(void)
{
	gesto_reorder *reorder = new_row(0.15);
	if (!reorder)
		return;
	const uint64_t t0 = 1000000;
	CHECK(gesto_reorder_lift(reorder, 1, t0) == GESTO_OK, "lift");
	struct gesto_reorder_move moves[4];
	size_t count = 4;
	CHECK(gesto_reorder_drag(reorder, 1.7 * 55, 0, 0, 0, t0 + 50000, moves, &count) == GESTO_OK && count == 2, "drag");

	/* Too little room: nothing changes, and *count says how much is needed. */
	count = 1;
	CHECK(gesto_reorder_cancel(reorder, -300, 0, t0 + 60000, moves, &count) == GESTO_ERROR_BUFFER_TOO_SMALL,
	      "too small");
	CHECK(count == 2, "needs room for %zu", count);
	CHECK(strstr(gesto_last_error_message(), "gesto_reorder_cancel") != NULL, "%s", gesto_last_error_message());
	CHECK(gesto_reorder_phase(reorder, t0 + 60000) == GESTO_REORDER_PHASE_DRAGGING, "still dragging");
	int live[5];
	CHECK(gesto_reorder_live_order(reorder, live, 5) == GESTO_OK &&
	      same_order(live, (const int[]){ 0, 2, 3, 1, 4 }, 5), "still the dragged order");

	count = 4;
	CHECK(gesto_reorder_cancel(reorder, -300, 0, t0 + 60000, moves, &count) == GESTO_OK, "%s", gesto_last_error_message());
	CHECK(moves_are(moves, count, 2, (const int[]){ 3, 2, 2, 1 }), "undo: %zu moves: %d→%d %d→%d", count,
	      moves[0].from, moves[0].to, moves[1].from, moves[1].to);
	CHECK(gesto_reorder_live_order(reorder, live, 5) == GESTO_OK &&
	      same_order(live, (const int[]){ 0, 1, 2, 3, 4 }, 5), "original order restored");
	CHECK(gesto_reorder_phase(reorder, t0 + 60000) == GESTO_REORDER_PHASE_SETTLING, "settling");
	CHECK(gesto_reorder_is_settled(reorder, t0 + 3000000) == 1, "settled");
	CHECK(distance_from_slots(reorder, t0 + 3000000, live) <= 0.1, "back in the original slots");

	/* Settling or idle, a new lift is taken; drag, commit and cancel are not. */
	count = 4;
	CHECK(gesto_reorder_cancel(reorder, 0, 0, t0 + 70000, moves, &count) == GESTO_ERROR_WRONG_PHASE, "cancel twice");
	CHECK(count == 4, "*count untouched on failure");
	CHECK(gesto_reorder_lift(reorder, 4, t0 + 3000000) == GESTO_OK, "lift again");
	CHECK(gesto_reorder_lift(reorder, 0, t0 + 3000000) == GESTO_ERROR_WRONG_PHASE, "lift twice");
	CHECK(strstr(gesto_last_error_message(), "lift while") != NULL, "%s", gesto_last_error_message());
	count = 4;
	CHECK(gesto_reorder_cancel(reorder, 0, 0, t0 + 3100000, moves, &count) == GESTO_OK && count == 0,
	      "a drag without moves cancels with none");
	gesto_reorder_destroy(reorder);
}

static void
test_reorder_layouts(void)
{
	/* A column of per-item heights reflows: 20, 60 and 40 points, 5 apart. */
	const double sizes[] = { 80, 20, 80, 60, 80, 40 };
	struct gesto_reorder_layout column = {
		.size = sizeof(column), .arrangement = GESTO_REORDER_COLUMN, .item_count = 3,
		.item_sizes = sizes, .spacing = 5,
	};
	gesto_reorder *reorder = NULL;
	CHECK(gesto_reorder_new(&column, NULL, &reorder) == GESTO_OK, "%s", gesto_last_error_message());
	double xy[6];
	CHECK(gesto_reorder_positions(reorder, 0, xy, 3) == GESTO_OK, "positions");
	CHECK(xy[1] == 0 && xy[3] == 25 && xy[5] == 90, "y: %g %g %g", xy[1], xy[3], xy[5]);
	/* Item 0 (20 tall) down past item 1 (60): the pitch is 65, hysteresis 0.2 → 45.5 units. */
	CHECK(gesto_reorder_lift(reorder, 0, 0) == GESTO_OK, "lift");
	size_t count = 0;
	CHECK(gesto_reorder_drag(reorder, 0, 50, 0, 0, 8000, NULL, &count) == GESTO_ERROR_BUFFER_TOO_SMALL && count == 1,
	      "a size query: %zu", count);
	CHECK(gesto_reorder_drag(reorder, 0, 50, 0, 0, 8000, NULL, NULL) == GESTO_OK, "moves not wanted");
	int live[3];
	CHECK(gesto_reorder_live_order(reorder, live, 3) == GESTO_OK && same_order(live, (const int[]){ 1, 0, 2 }, 3),
	      "%d %d %d", live[0], live[1], live[2]);
	CHECK(gesto_reorder_commit(reorder, 0, 0, 16000, NULL, NULL) == GESTO_OK, "commit");
	CHECK(gesto_reorder_positions(reorder, 5000000, xy, 3) == GESTO_OK, "positions");
	CHECK(close_to(xy[3], 0, 0.1) && close_to(xy[1], 65, 0.1) && close_to(xy[5], 90, 0.1),
	      "reflowed: %g %g %g", xy[1], xy[3], xy[5]);
	gesto_reorder_destroy(reorder);

	/* A grid of 7 in 3 columns: one cell right and one down from slot 0 is slot 4. */
	struct gesto_reorder_layout grid = {
		.size = sizeof(grid), .arrangement = GESTO_REORDER_GRID, .item_count = 7, .columns = 3,
		.item_width = 50, .item_height = 50, .spacing = 10,
	};
	CHECK(gesto_reorder_new(&grid, NULL, &reorder) == GESTO_OK, "%s", gesto_last_error_message());
	double cells[14];
	CHECK(gesto_reorder_positions(reorder, 0, cells, 7) == GESTO_OK, "positions");
	CHECK(cells[8] == 60 && cells[9] == 60 && cells[12] == 0 && cells[13] == 120, "slot 4 at (%g, %g), 6 at (%g, %g)",
	      cells[8], cells[9], cells[12], cells[13]);
	CHECK(gesto_reorder_lift(reorder, 0, 0) == GESTO_OK, "lift");
	struct gesto_reorder_move moves[8];
	count = 8;
	CHECK(gesto_reorder_drag(reorder, 60, 60, 0, 0, 8000, moves, &count) == GESTO_OK, "drag");
	CHECK(moves_are(moves, count, 4, (const int[]){ 0, 1, 1, 2, 2, 3, 3, 4 }), "one move per slot: %zu", count);
	int item, destination;
	CHECK(gesto_reorder_dragged(reorder, &item, &destination) == GESTO_OK && item == 0 && destination == 4,
	      "item %d to slot %d", item, destination);
	gesto_reorder_destroy(reorder);
}

/* Writes a hold of 3 fingers at t0, which the swipe cancels 0.3 s later (as libinput does
 * when resting fingers start to move), then a swipe of 40 updates of 8 units right, 8 ms
 * apart: a long press, then a 320-unit drag. */
static size_t
hold_then_swipe(struct gesto_gesture_event *events, uint64_t t0, bool cancel_swipe)
{
	size_t n = 0;
	events[n++] = event(GESTO_EVENT_HOLD, GESTO_EVENT_BEGIN, 3, t0);
	struct gesto_gesture_event hold_end = event(GESTO_EVENT_HOLD, GESTO_EVENT_END, 3, t0 + 300000);
	hold_end.cancelled = 1;
	events[n++] = hold_end;
	uint64_t t = t0 + 308000;
	events[n++] = event(GESTO_EVENT_SWIPE, GESTO_EVENT_BEGIN, 3, t);
	for (int i = 0; i < 40; i++) {
		struct gesto_gesture_event update = event(GESTO_EVENT_SWIPE, GESTO_EVENT_UPDATE, 3, t);
		update.dx = update.dx_unaccelerated = 8;
		events[n++] = update;
		t += 8000;
	}
	struct gesto_gesture_event end = event(GESTO_EVENT_SWIPE, GESTO_EVENT_END, 3, t + 10000);
	end.cancelled = cancel_swipe;
	events[n++] = end;
	return n;
}

static void
test_reorder_from_engine(void)
{
	/* The touchpad-only layout of `reorder: {slot: 120}`: 5 slots of 120 units, 1 point per
	 * unit, default hysteresis (24 units): the item crosses at 84 and 204 units of drag. */
	struct gesto_reorder_layout layout = {
		.size = sizeof(layout), .arrangement = GESTO_REORDER_ROW, .item_count = 5,
		.item_width = 120, .item_height = 120,
	};
	for (int cancelled = 0; cancelled <= 1; cancelled++) {
		gesto_engine *engine = NULL;
		gesto_reorder *reorder = NULL;
		CHECK(gesto_engine_new(&engine) == GESTO_OK, "engine");
		CHECK(gesto_reorder_new(&layout, NULL, &reorder) == GESTO_OK, "%s", gesto_last_error_message());
		if (!engine || !reorder)
			return;
		struct gesto_gesture_event events[64];
		size_t n = hold_then_swipe(events, 1000000, cancelled);
		int model[5] = { 0, 1, 2, 3, 4 };
		struct gesto_reorder_move all[16];
		size_t total = 0, drag_reports = 0, other_reports = 0;
		bool lifted = false;
		for (size_t i = 0; i < n; i++) {
			CHECK(gesto_engine_handle_event(engine, &events[i]) == GESTO_OK, "%s", gesto_last_error_message());
			struct gesto_recognized r = { .size = sizeof(r) };
			while (gesto_engine_next_gesture(engine, &r) == GESTO_OK) {
				struct gesto_reorder_move moves[8];
				size_t count = 8;
				int status = gesto_reorder_handle_recognized(reorder, &r, 1, moves, &count);
				CHECK(status == GESTO_OK, "%s %u: %s", r.name, r.phase, gesto_last_error_message());
				if (r.gesture == GESTO_GESTURE_LONG_PRESS_DRAG) {
					drag_reports++;
					int item, destination;
					if (r.phase == GESTO_PHASE_BEGAN)
						lifted = gesto_reorder_dragged(reorder, &item, &destination) == GESTO_OK &&
							 item == 1 && destination == 1;
				} else {
					other_reports++;
					CHECK(count == 0, "%s moved nothing", r.name);
				}
				for (size_t m = 0; status == GESTO_OK && m < count && total < 16; m++) {
					apply_move(model, moves[m]);
					all[total++] = moves[m];
				}
				r = (struct gesto_recognized){ .size = sizeof(r) };
			}
		}
		CHECK(drag_reports > 10 && other_reports > 0, "%zu long-press-drag reports, %zu others", drag_reports,
		      other_reports);
		CHECK(lifted, "BEGAN lifted the item in slot 1");
		int live[5];
		CHECK(gesto_reorder_live_order(reorder, live, 5) == GESTO_OK && same_order(live, model, 5),
		      "the caller's model follows the live order");
		CHECK(gesto_reorder_phase(reorder, events[n - 1].time_usec) == GESTO_REORDER_PHASE_SETTLING, "dropped");
		if (!cancelled) {
			CHECK(moves_are(all, total, 2, (const int[]){ 1, 2, 2, 3 }), "%zu moves", total);
			CHECK(same_order(model, (const int[]){ 0, 2, 3, 1, 4 }, 5), "committed: %d %d %d %d %d", model[0],
			      model[1], model[2], model[3], model[4]);
		} else {
			CHECK(moves_are(all, total, 4, (const int[]){ 1, 2, 2, 3, 3, 2, 2, 1 }), "%zu moves", total);
			CHECK(same_order(model, (const int[]){ 0, 1, 2, 3, 4 }, 5), "cancelled: the order is back");
		}
		gesto_reorder_destroy(reorder);
		gesto_engine_destroy(engine);
	}
}

static void
test_reorder_errors(void)
{
	CHECK(strcmp(gesto_status_string(GESTO_ERROR_BUFFER_TOO_SMALL), "buffer too small") == 0, "status string");
	CHECK(strcmp(gesto_status_string(GESTO_ERROR_WRONG_PHASE), "wrong phase") == 0, "status string");

	/* NULL handles. */
	struct gesto_reorder_move moves[4];
	size_t count = 4;
	int order[5], item, destination;
	double xy[10];
	CHECK(gesto_reorder_lift(NULL, 0, 0) == GESTO_ERROR_INVALID_ARGUMENT, "lift");
	CHECK(strstr(gesto_last_error_message(), "reorder is NULL") != NULL, "%s", gesto_last_error_message());
	CHECK(gesto_reorder_drag(NULL, 0, 0, 0, 0, 0, moves, &count) == GESTO_ERROR_INVALID_ARGUMENT, "drag");
	CHECK(gesto_reorder_commit(NULL, 0, 0, 0, moves, &count) == GESTO_ERROR_INVALID_ARGUMENT, "commit");
	CHECK(gesto_reorder_cancel(NULL, 0, 0, 0, moves, &count) == GESTO_ERROR_INVALID_ARGUMENT, "cancel");
	struct gesto_recognized report = { .size = sizeof(report), .gesture = GESTO_GESTURE_LONG_PRESS_DRAG,
					   .phase = GESTO_PHASE_BEGAN, .fingers = 3, .scale = 1 };
	CHECK(gesto_reorder_handle_recognized(NULL, &report, 0, moves, &count) == GESTO_ERROR_INVALID_ARGUMENT, "handle");
	CHECK(gesto_reorder_item_count(NULL) == GESTO_ERROR_INVALID_ARGUMENT, "item count");
	CHECK(gesto_reorder_live_order(NULL, order, 5) == GESTO_ERROR_INVALID_ARGUMENT, "live order");
	CHECK(gesto_reorder_original_order(NULL, order, 5) == GESTO_ERROR_INVALID_ARGUMENT, "original order");
	CHECK(gesto_reorder_dragged(NULL, &item, &destination) == GESTO_ERROR_INVALID_ARGUMENT, "dragged");
	CHECK(gesto_reorder_phase(NULL, 0) == GESTO_ERROR_INVALID_ARGUMENT, "phase");
	CHECK(gesto_reorder_positions(NULL, 0, xy, 5) == GESTO_ERROR_INVALID_ARGUMENT, "positions");
	CHECK(gesto_reorder_is_settled(NULL, 0) == GESTO_ERROR_INVALID_ARGUMENT, "is settled");
	gesto_reorder_destroy(NULL);

	/* Layouts and settings: nothing is created, *out is untouched. */
	gesto_reorder *sentinel = (gesto_reorder *)&count, *out = sentinel;
	struct gesto_reorder_layout layout = {
		.size = sizeof(layout), .arrangement = GESTO_REORDER_ROW, .item_count = 5, .item_width = 10, .item_height = 10,
	};
	CHECK(gesto_reorder_new(NULL, NULL, &out) == GESTO_ERROR_INVALID_ARGUMENT, "NULL layout");
	CHECK(gesto_reorder_new(&layout, NULL, NULL) == GESTO_ERROR_INVALID_ARGUMENT, "NULL out");
	struct gesto_reorder_layout bad = layout;
	bad.size = 8;
	CHECK(gesto_reorder_new(&bad, NULL, &out) == GESTO_ERROR_INVALID_ARGUMENT, "size");
	CHECK(strstr(gesto_last_error_message(), "layout->size") != NULL, "%s", gesto_last_error_message());
	bad = layout;
	bad.item_count = 0;
	CHECK(gesto_reorder_new(&bad, NULL, &out) == GESTO_ERROR_INVALID_ARGUMENT, "no items");
	bad.item_count = GESTO_REORDER_MAX_ITEMS + 1;
	CHECK(gesto_reorder_new(&bad, NULL, &out) == GESTO_ERROR_INVALID_ARGUMENT, "too many items");
	bad = layout;
	bad.arrangement = 9;
	CHECK(gesto_reorder_new(&bad, NULL, &out) == GESTO_ERROR_INVALID_ARGUMENT, "arrangement");
	bad = layout;
	bad.arrangement = GESTO_REORDER_GRID;
	CHECK(gesto_reorder_new(&bad, NULL, &out) == GESTO_ERROR_INVALID_ARGUMENT, "a grid without columns");
	bad = layout;
	bad.item_height = -1;
	CHECK(gesto_reorder_new(&bad, NULL, &out) == GESTO_ERROR_INVALID_ARGUMENT, "negative height");
	bad = layout;
	bad.spacing = NAN;
	CHECK(gesto_reorder_new(&bad, NULL, &out) == GESTO_ERROR_INVALID_ARGUMENT, "NaN spacing");
	const double sizes[] = { 10, 10, 10, 10, 10, 0, 10, 10, 10, 10 };
	bad = layout;
	bad.item_sizes = sizes;
	CHECK(gesto_reorder_new(&bad, NULL, &out) == GESTO_ERROR_INVALID_ARGUMENT, "item 2 has no height");
	CHECK(strstr(gesto_last_error_message(), "item 2") != NULL, "%s", gesto_last_error_message());
	struct gesto_reorder_settings settings = { .size = sizeof(settings) };
	CHECK(gesto_reorder_settings_defaults(NULL) == GESTO_ERROR_INVALID_ARGUMENT, "NULL settings");
	struct gesto_reorder_settings unsized = { .size = 0 };
	CHECK(gesto_reorder_settings_defaults(&unsized) == GESTO_ERROR_INVALID_ARGUMENT && unsized.hysteresis == 0,
	      "size not set: nothing written");
	gesto_reorder_settings_defaults(&settings);
	settings.hysteresis = 0.5;
	CHECK(gesto_reorder_new(&layout, &settings, &out) == GESTO_ERROR_OUT_OF_RANGE, "hysteresis 0.5");
	CHECK(strstr(gesto_last_error_message(), "hysteresis") != NULL, "%s", gesto_last_error_message());
	gesto_reorder_settings_defaults(&settings);
	settings.points_per_unit = 0;
	CHECK(gesto_reorder_new(&layout, &settings, &out) == GESTO_ERROR_OUT_OF_RANGE, "points_per_unit 0");
	gesto_reorder_settings_defaults(&settings);
	settings.spring.stiffness = 0;
	CHECK(gesto_reorder_new(&layout, &settings, &out) == GESTO_ERROR_OUT_OF_RANGE, "stiffness 0");
	CHECK(strstr(gesto_last_error_message(), "stiffness") != NULL, "%s", gesto_last_error_message());
	CHECK(out == sentinel, "*out untouched on failure");

	/* Inputs: out-of-range slots, values and phases, and too-small buffers. */
	gesto_reorder *reorder = NULL;
	CHECK(gesto_reorder_new(&layout, NULL, &reorder) == GESTO_OK, "%s", gesto_last_error_message());
	if (!reorder)
		return;
	CHECK(gesto_reorder_lift(reorder, 5, 0) == GESTO_ERROR_INVALID_ARGUMENT, "slot 5 of 5");
	CHECK(strstr(gesto_last_error_message(), "slot must be 0 to 4, got 5") != NULL, "%s", gesto_last_error_message());
	CHECK(gesto_reorder_lift(reorder, -1, 0) == GESTO_ERROR_INVALID_ARGUMENT, "slot -1");
	CHECK(gesto_reorder_lift(reorder, 0, (uint64_t)1 << 62) == GESTO_ERROR_INVALID_ARGUMENT, "time 2^62");
	count = 4;
	CHECK(gesto_reorder_drag(reorder, 10, 0, 0, 0, 0, moves, &count) == GESTO_ERROR_WRONG_PHASE, "drag while idle");
	CHECK(strstr(gesto_last_error_message(), "drag while idle") != NULL, "%s", gesto_last_error_message());
	CHECK(gesto_reorder_commit(reorder, 0, 0, 0, moves, &count) == GESTO_ERROR_WRONG_PHASE, "commit while idle");
	CHECK(gesto_reorder_handle_recognized(reorder, &report, 5, moves, &count) == GESTO_ERROR_INVALID_ARGUMENT,
	      "lift_slot 5");
	CHECK(gesto_reorder_phase(reorder, 0) == GESTO_REORDER_PHASE_IDLE, "nothing lifted by the failures");

	CHECK(gesto_reorder_lift(reorder, 0, 0) == GESTO_OK, "lift");
	CHECK(gesto_reorder_drag(reorder, NAN, 0, 0, 0, 1000, moves, &count) == GESTO_ERROR_INVALID_ARGUMENT, "NaN dx");
	CHECK(gesto_reorder_drag(reorder, 0, 0, INFINITY, 0, 1000, moves, &count) == GESTO_ERROR_INVALID_ARGUMENT, "vx");
	CHECK(gesto_reorder_drag(reorder, 2e9, 0, 0, 0, 1000, moves, &count) == GESTO_ERROR_INVALID_ARGUMENT, "dx 2e9");
	CHECK(gesto_reorder_drag(reorder, 10, 0, 0, 0, 1000, NULL, &count) == GESTO_ERROR_INVALID_ARGUMENT,
	      "NULL moves with room");
	/* 35 units of 10-unit slots: three moves; room for two is too little. */
	count = 2;
	CHECK(gesto_reorder_drag(reorder, 35, 0, 0, 0, 1000, moves, &count) == GESTO_ERROR_BUFFER_TOO_SMALL, "too small");
	CHECK(count == 3, "needs %zu", count);
	CHECK(gesto_reorder_dragged(reorder, &item, &destination) == GESTO_OK && destination == 0, "nothing moved");
	count = 3;
	CHECK(gesto_reorder_drag(reorder, 35, 0, 0, 0, 1000, moves, &count) == GESTO_OK, "the same call, with room");
	CHECK(moves_are(moves, count, 3, (const int[]){ 0, 1, 1, 2, 2, 3 }), "%zu moves", count);
	CHECK(gesto_reorder_live_order(reorder, order, 4) == GESTO_ERROR_BUFFER_TOO_SMALL, "live order room");
	CHECK(gesto_reorder_original_order(reorder, order, 4) == GESTO_ERROR_BUFFER_TOO_SMALL, "original order room");
	CHECK(gesto_reorder_positions(reorder, 0, xy, 4) == GESTO_ERROR_BUFFER_TOO_SMALL, "positions room");
	CHECK(gesto_reorder_live_order(reorder, NULL, 5) == GESTO_ERROR_INVALID_ARGUMENT, "NULL order");
	CHECK(gesto_reorder_positions(reorder, 0, NULL, 5) == GESTO_ERROR_INVALID_ARGUMENT, "NULL xy");
	CHECK(gesto_reorder_dragged(reorder, NULL, &destination) == GESTO_ERROR_INVALID_ARGUMENT, "NULL item");
	CHECK(gesto_reorder_handle_recognized(reorder, NULL, 0, moves, &count) == GESTO_ERROR_INVALID_ARGUMENT,
	      "NULL gesture");
	struct gesto_recognized small = report;
	small.size = 16;
	CHECK(gesto_reorder_handle_recognized(reorder, &small, 0, moves, &count) == GESTO_ERROR_INVALID_ARGUMENT,
	      "gesture size");
	struct gesto_recognized phaseless = report;
	phaseless.phase = 0;
	CHECK(gesto_reorder_handle_recognized(reorder, &phaseless, 0, moves, &count) == GESTO_ERROR_INVALID_ARGUMENT,
	      "unknown phase");
	CHECK(gesto_reorder_lift(reorder, 0, 2000) == GESTO_ERROR_WRONG_PHASE, "lift while dragging");
	gesto_reorder_destroy(reorder);
}

/* ---- tests: bindings for a host and window motion (0.2) ------------------------------- */

static const char motion_config[] =
	"bindings:\n"
	"  - gesture: swipe:3\n"
	"    mode: continuous\n"
	"    window-motion: {snap: [back]}\n"
	"    animation: {damping-ratio: 1, stiffness: 400}\n"
	"  - gesture: pinch:2:out\n"
	"    app: foot*\n"
	"    exec: notify-send out\n";

static void
test_bindings_and_window_motion(void)
{
	struct recording rec;
	CHECK(load_recording(swipe_fixture, &rec), "cannot load %s", swipe_fixture);
	if (!rec.events)
		return;
	gesto_engine *engine = NULL;
	CHECK(gesto_engine_new_from_config(motion_config, strlen(motion_config), &engine) == GESTO_OK, "%s",
	      gesto_last_error_message());
	if (!engine) {
		free(rec.events);
		return;
	}
	struct gesto_binding_info info = { .size = sizeof(info) };
	CHECK(gesto_engine_binding_info(engine, 0, &info) == GESTO_OK, "%s", gesto_last_error_message());
	CHECK(strcmp(info.gesture, "swipe:3") == 0 && strcmp(info.action, "window-motion") == 0 &&
	      info.action_kind == GESTO_ACTION_WINDOW_MOTION && info.mode == GESTO_MODE_CONTINUOUS && info.app == NULL,
	      "info 0: %s %s %u", info.gesture, info.action, info.action_kind);
	CHECK(gesto_engine_binding_info(engine, 1, &info) == GESTO_OK && strcmp(info.action, "exec") == 0 &&
	      info.action_kind == GESTO_ACTION_EXEC && info.app && strcmp(info.app, "foot*") == 0, "info 1");
	/* A 0.2 caller's struct: the library writes no byte past its size. */
	unsigned char old[40];
	memset(old, 0xa5, sizeof(old));
	((struct gesto_binding_info *)old)->size = 32;
	CHECK(gesto_engine_binding_info(engine, 0, (struct gesto_binding_info *)old) == GESTO_OK &&
	      ((struct gesto_binding_info *)old)->size == 32 && old[32] == 0xa5 && old[39] == 0xa5, "0.2 size");
	CHECK(gesto_engine_binding_info(engine, 2, &info) == GESTO_ERROR_INVALID_ARGUMENT, "index out of range");
	struct gesto_binding_info small = { .size = 8 };
	CHECK(gesto_engine_binding_info(engine, 0, &small) == GESTO_ERROR_INVALID_ARGUMENT, "size too small");
	struct gesto_spring_parameters spring;
	CHECK(gesto_engine_binding_animation(engine, 0, &spring) == GESTO_OK && close_to(spring.stiffness, 400, 1e-9) &&
	      close_to(spring.damping, 40, 1e-9), "animation k %f c %f", spring.stiffness, spring.damping);

	/* Claims: every 3-finger swipe sequence; 2-finger pinches only while foot is focused. */
	CHECK(gesto_engine_claims(engine, GESTO_EVENT_SWIPE, 3) == 1, "swipe 3");
	CHECK(gesto_engine_claims(engine, GESTO_EVENT_SWIPE, 4) == 0, "swipe 4");
	CHECK(gesto_engine_claims(engine, GESTO_EVENT_HOLD, 3) == 0, "hold 3");
	CHECK(gesto_engine_claims(engine, GESTO_EVENT_PINCH, 2) == 0, "pinch 2, no app");
	CHECK(gesto_engine_set_focused_app(engine, "footclient") == GESTO_OK, "app");
	CHECK(gesto_engine_claims(engine, GESTO_EVENT_PINCH, 2) == 1, "pinch 2 in foot");
	CHECK(gesto_engine_set_binding_enabled(engine, 1, 0) == GESTO_OK, "disable");
	CHECK(gesto_engine_claims(engine, GESTO_EVENT_PINCH, 2) == 0, "a disabled binding claims nothing");
	CHECK(gesto_engine_set_binding_enabled(engine, 1, 1) == GESTO_OK, "enable");
	CHECK(gesto_engine_set_binding_enabled(engine, 2, 0) == GESTO_ERROR_INVALID_ARGUMENT, "out of range");
	CHECK(gesto_engine_claims(engine, 7, 2) == GESTO_ERROR_INVALID_ARGUMENT, "kind");
	CHECK(gesto_engine_claims(engine, GESTO_EVENT_SWIPE, 11) == GESTO_ERROR_INVALID_ARGUMENT, "fingers");

	/* The recorded Z swipe moves a window 1:1, and the spring brings it back. */
	struct gesto_rect start = { 100, 50, 400, 300 }, area = { 0, 0, 1280, 800 };
	gesto_window_motion *motion = NULL;
	CHECK(gesto_window_motion_new(engine, 1, &start, &area, &motion) == GESTO_ERROR_INVALID_ARGUMENT,
	      "not a window-motion binding");
	CHECK(gesto_window_motion_new(engine, 0, &start, &area, &motion) == GESTO_OK, "%s", gesto_last_error_message());
	static struct collected c;
	c.count = 0;
	gesto_engine_set_callback(engine, collect, &c);
	CHECK(gesto_engine_set_delivery(engine, GESTO_DELIVER_FIRINGS) == GESTO_OK, "delivery");
	CHECK(replay(engine, &rec, &c, false) == GESTO_OK, "%s", gesto_last_error_message());
	double farthest = 0;
	const struct gesto_recognized *last = NULL;
	struct gesto_rect shown;
	for (size_t i = 0; i < c.count && motion; i++) {
		if (c.items[i].binding_index != 0)
			continue;
		CHECK(gesto_window_motion_handle_recognized(motion, &c.items[i]) == GESTO_OK, "%s", gesto_last_error_message());
		int rest = gesto_window_motion_frame(motion, c.items[i].time_usec, &shown);
		if (c.items[i].phase == GESTO_PHASE_CHANGED) {
			CHECK(rest == 0 && close_to(shown.x, start.x + c.items[i].translation_x, 1e-9) &&
			      close_to(shown.y, start.y + c.items[i].translation_y, 1e-9), "1:1 at %zu", i);
			farthest = fmax(farthest, hypot(shown.x - start.x, shown.y - start.y));
		}
		last = &c.items[i];
	}
	CHECK(farthest > 300, "the window moved %f px", farthest);
	CHECK(last && last->phase == GESTO_PHASE_ENDED, "the stream ended");
	if (last) {
		size_t room = 0;
		CHECK(gesto_recognized_environment(last, NULL, &room) == GESTO_ERROR_BUFFER_TOO_SMALL && room > 100,
		      "room %zu", room);
		char env[1024];
		room = sizeof(env);
		CHECK(gesto_recognized_environment(last, env, &room) == GESTO_OK, "%s", gesto_last_error_message());
		CHECK(strcmp(env, "GESTO_GESTURE=swipe:3:down") == 0, "first %s", env);
		CHECK(strcmp(env + strlen(env) + 1, "GESTO_PHASE=ended") == 0, "second %s", env + strlen(env) + 1);
		CHECK(room >= 2 && env[room - 1] == 0 && env[room - 2] == 0, "double NUL");
	}
	if (motion && last) {
		const char *target = gesto_window_motion_target(motion);
		CHECK(target && strcmp(target, "back") == 0, "target %s", target ? target : "(null)");
		CHECK(gesto_window_motion_frame(motion, last->time_usec + 50000, &shown) == 0, "moving 50 ms after release");
		CHECK(gesto_window_motion_frame(motion, last->time_usec + 2000000, &shown) == 1 && close_to(shown.x, 100, 0.5) &&
		      close_to(shown.y, 50, 0.5) && shown.width == 400, "at rest after 2 s: (%f, %f)", shown.x, shown.y);
	}
	gesto_window_motion_destroy(motion);
	gesto_window_motion_destroy(NULL);

	/* A disabled binding does not fire. */
	CHECK(gesto_engine_set_binding_enabled(engine, 0, 0) == GESTO_OK, "disable 0");
	c.count = 0;
	CHECK(replay(engine, &rec, &c, false) == GESTO_OK, "replay disabled");
	CHECK(c.count == 0, "%zu firings of a disabled binding", c.count);
	gesto_engine_destroy(engine);
	free(rec.events);
}

/* A pinch's window motion (0.6): the pinch-out recording (011) grows a window about its
   centre with the firing's scale, through the effect that says to, and the spring brings it
   back (its snaps have no maximize). */
static const char pinch_motion_config[] =
	"bindings:\n"
	"  - gesture: pinch:2\n"
	"    mode: continuous\n"
	"    window-motion: {snap: [back]}\n";

struct pinch_host {
	gesto_window_motion *motion;
	double largest_width;
	int scaled_frames, effects;
	bool centred;
	struct gesto_rect start;
	uint64_t released_at;
};

static void
pinch_effect(const struct gesto_effect *effect, void *user_data)
{
	struct pinch_host *h = user_data;
	if (effect->kind != GESTO_EFFECT_WINDOW_MOTION || !h->motion)
		return;
	h->effects++;
	CHECK(gesto_window_motion_handle_recognized(h->motion, effect->gesture) == GESTO_OK, "%s", gesto_last_error_message());
	struct gesto_rect shown;
	int rest = gesto_window_motion_frame(h->motion, effect->gesture->time_usec, &shown);
	if (effect->gesture->phase == GESTO_PHASE_CHANGED) {
		double scale = effect->gesture->scale;
		CHECK(rest == 0 && close_to(shown.width, h->start.width * scale, 1e-6) &&
		      close_to(shown.height, h->start.height * scale, 1e-6), "scaled %f: %fx%f", scale, shown.width, shown.height);
		h->centred = h->centred && close_to(shown.x + shown.width / 2, h->start.x + h->start.width / 2, 1e-6) &&
			     close_to(shown.y + shown.height / 2, h->start.y + h->start.height / 2, 1e-6);
		h->largest_width = fmax(h->largest_width, shown.width);
		h->scaled_frames++;
	}
	if (effect->gesture->phase == GESTO_PHASE_ENDED)
		h->released_at = effect->gesture->time_usec;
}

static void
test_pinch_window_motion(void)
{
	struct recording rec;
	CHECK(load_recording(pinch_fixture, &rec), "cannot load %s", pinch_fixture);
	if (!rec.events)
		return;
	gesto_engine *engine = NULL;
	CHECK(gesto_engine_new_from_config(pinch_motion_config, strlen(pinch_motion_config), &engine) == GESTO_OK, "%s",
	      gesto_last_error_message());
	if (!engine) {
		free(rec.events);
		return;
	}
	struct pinch_host h = { .start = { 300, 200, 400, 300 }, .centred = true };
	struct gesto_rect area = { 0, 0, 1280, 800 };
	CHECK(gesto_window_motion_new(engine, 0, &h.start, &area, &h.motion) == GESTO_OK, "%s", gesto_last_error_message());
	CHECK(gesto_engine_set_effect_callback(engine, pinch_effect, &h) == GESTO_OK, "%s", gesto_last_error_message());
	CHECK(gesto_engine_set_delivery(engine, GESTO_DELIVER_FIRINGS) == GESTO_OK, "delivery");
	static struct collected queued;
	queued.count = 0;
	CHECK(replay(engine, &rec, &queued, true) == GESTO_OK, "%s", gesto_last_error_message());
	CHECK(h.scaled_frames > 10 && h.centred, "%d scaled frames, centred %d", h.scaled_frames, h.centred);
	CHECK(h.largest_width > 1.3 * h.start.width, "grew to %f px wide", h.largest_width);
	CHECK(h.released_at != 0, "released");
	if (h.motion && h.released_at) {
		const char *target = gesto_window_motion_target(h.motion);
		CHECK(target && strcmp(target, "back") == 0, "target %s", target ? target : "(null)");
		struct gesto_rect shown;
		CHECK(gesto_window_motion_frame(h.motion, h.released_at + 50000, &shown) == 0 && shown.width > h.start.width + 1,
		      "still shrinking 50 ms after release: %f", shown.width);
		CHECK(gesto_window_motion_frame(h.motion, h.released_at + 3000000, &shown) == 1 && close_to(shown.x, 300, 0.5) &&
		      close_to(shown.y, 200, 0.5) && close_to(shown.width, 400, 0.5) && close_to(shown.height, 300, 0.5),
		      "at rest after 3 s: %fx%f at (%f, %f)", shown.width, shown.height, shown.x, shown.y);
	}
	/* A pinch record with a bad scale is refused, not a rect of no size. */
	struct gesto_recognized bad = { .size = sizeof(bad), .gesture = GESTO_GESTURE_PINCH, .phase = GESTO_PHASE_CHANGED,
					.time_usec = 1000, .scale = 0 };
	CHECK(gesto_window_motion_handle_recognized(h.motion, &bad) == GESTO_ERROR_INVALID_ARGUMENT, "scale 0");
	bad.scale = NAN;
	CHECK(gesto_window_motion_handle_recognized(h.motion, &bad) == GESTO_ERROR_INVALID_ARGUMENT, "scale NaN");
	gesto_window_motion_destroy(h.motion);
	gesto_engine_destroy(engine);
	free(rec.events);
}

/* ---- main ------------------------------------------------------------------------------ */

static const struct {
	const char *name;
	void (*run)(void);
} tests[] = {
	{ "abi version and layouts", test_abi_version },
	{ "pinch-out recording (011)", test_pinch_out_recording },
	{ "3-finger Z recording (001)", test_swipe_z_recording },
	{ "three-finger drag on the Z recording (001)", test_drag },
	{ "a drag disabled mid-stroke is still released", test_drag_disabled_mid_drag },
	{ "effects: each action typed, in binding order (0.6, hyprland: 0.7)", test_effects },
	{ "effects: the drag's press, motion and one release (0.6)", test_drag_effects },
	{ "long press through deadlines", test_long_press_deadline },
	{ "touchscreen edge swipe from raw touches", test_touchscreen_edge_swipe },
	{ "errors and struct versioning", test_errors },
	{ "engines on four threads", test_engines_on_threads },
	{ "spring vectors", test_spring_vectors },
	{ "spring parameter mappings", test_parameter_mappings },
	{ "spring retarget vector", test_retarget_vector },
	{ "decay and projection vectors", test_decay_vectors },
	{ "rubber band vectors", test_rubber_band_vectors },
	{ "velocity estimation vectors", test_velocity_vectors },
	{ "reorder: drag 1.7 slots, commit, springs settle", test_reorder_drag_and_commit },
	{ "reorder: hysteresis at a boundary", test_reorder_hysteresis },
	{ "reorder: cancel restores the order with the undo moves", test_reorder_cancel },
	{ "reorder: per-item sizes and grids", test_reorder_layouts },
	{ "reorder: driven by the engine's long-press-drag reports", test_reorder_from_engine },
	{ "reorder: errors and buffers", test_reorder_errors },
	{ "bindings for a host, claims and window motion (0.2)", test_bindings_and_window_motion },
	{ "a pinch scales a window and the spring brings it back (0.6)", test_pinch_window_motion },
};

int
main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s PINCH_OUT_FIXTURE SWIPE_Z_FIXTURE\n", argv[0]);
		return 2;
	}
	pinch_fixture = argv[1];
	swipe_fixture = argv[2];
	int passed = 0, failed = 0;
	for (size_t i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		current_test = tests[i].name;
		checks_failed_in_test = 0;
		tests[i].run();
		if (checks_failed_in_test == 0) {
			printf("ok   %s\n", tests[i].name);
			passed++;
		} else {
			printf("FAIL %s (%d checks)\n", tests[i].name, checks_failed_in_test);
			failed++;
		}
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed == 0 ? 0 : 1;
}
