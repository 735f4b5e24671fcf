/*
 * gesto.h: the C interface of libgesto, gesto's touchpad gesture recognizers, bindings,
 * motion (springs, decay, rubber band, velocity tracking) and drag-to-reorder engine for
 * compositors and plugins that already own a libinput context.
 *
 * The library is GestoCore and GestoConfig (Swift) behind a C ABI. It does no I/O, reads no
 * clock and starts no thread: time is always an argument, in microseconds on the clock of
 * libinput_event_gesture_get_time_usec(), and timers come back in as calls
 * (gesto_engine_dispatch_deadline()).
 *
 * Build against it with `cc prog.c $(pkg-config --cflags --libs gesto)`.
 *
 * Conventions used by every function below
 * -----------------------------------------
 * - Status: functions returning int return GESTO_OK (0) on success, a positive
 *   status (GESTO_EMPTY) when there was nothing to return, or a negative enum gesto_status
 *   on failure. A failure also sets the calling thread's last error message
 *   (gesto_last_error_message()). Arguments are never partially applied: on failure
 *   nothing changed, and *out parameters are left untouched (except the count that
 *   GESTO_ERROR_BUFFER_TOO_SMALL sets to the room needed).
 * - Functions returning double return NaN when their arguments are invalid (a struct not
 *   initialised by its gesto_*_init function, a NaN argument, lower > upper); they do not
 *   set the last error, so that they can be called per frame.
 * - Units: time in microseconds (uint64_t *_usec) on the input path and seconds (double)
 *   in the motion API; distances in libinput's normalized delta units (1000 dpi equivalent,
 *   about 10 units per millimetre of finger travel on the touchpads gesto was tuned on),
 *   or in whatever unit the caller animates (points, progress) in the motion API;
 *   velocities in those units per second; angles in degrees, clockwise positive.
 * - Ownership: every pointer gesto returns is owned by gesto; the caller never frees it.
 *   Its lifetime is stated at the function. Every pointer the caller passes is only read
 *   during the call; gesto keeps no pointer the caller gave it, except the callback's
 *   user_data, which it passes back untouched.
 * - Threads: there is no global mutable state except the per-thread last error. Handles
 *   (gesto_engine, gesto_velocity_tracker, gesto_reorder) are not thread-safe: use each
 *   from one thread at a time (an engine per thread, or a lock around every call on a
 *   shared one). Different handles may be used on different threads at once. The
 *   value-type functions (springs, decay, rubber band) are pure and reentrant.
 * - Programmer errors do not abort: a NULL handle or out pointer, an unknown enum value
 *   or a non-finite number is reported as GESTO_ERROR_INVALID_ARGUMENT. The library does
 *   not abort on bad input; it does abort when memory runs out (see GESTO_ERROR_NO_MEMORY).
 *   A pointer that is not NULL must point to what the function says (gesto cannot tell a
 *   dangling handle from a live one).
 *
 * ABI stability
 * -------------
 * The SONAME is libgesto.so.0; GESTO_ABI_VERSION_MAJOR changes with it. Within one major
 * version, functions and enum values are only added (GESTO_ABI_VERSION_MINOR grows), and
 * the structs that begin with a `size` member only grow at their end (see
 * struct gesto_gesture_event, gesto_recognized, gesto_binding_info, gesto_reorder_layout and
 * gesto_reorder_settings). The plain value structs (struct gesto_spring_parameters,
 * gesto_spring, gesto_decay, gesto_rubber_band, gesto_reorder_move, gesto_rect) are frozen
 * for the major version. Functions and fields marked "Since 0.2" to "Since 0.7" need a
 * library whose minor version is at least that.
 */

#ifndef GESTO_H
#define GESTO_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ==================================================================== */
/* Versions and errors                                                   */
/* ==================================================================== */

/** The major ABI version this header describes: the number in the SONAME libgesto.so.0. */
#define GESTO_ABI_VERSION_MAJOR 0
/** The minor ABI version this header describes: grows when functions or fields are added. */
#define GESTO_ABI_VERSION_MINOR 7
/** Both versions as one number: (major << 16) | minor. Compare with gesto_abi_version(). */
#define GESTO_ABI_VERSION ((GESTO_ABI_VERSION_MAJOR << 16) | GESTO_ABI_VERSION_MINOR)

/**
 * The ABI version of the library loaded at run time, as (major << 16) | minor.
 *
 * A program built against this header runs with any library whose major version equals
 * GESTO_ABI_VERSION_MAJOR and whose minor version is at least the minor it was built with:
 *
 *     uint32_t v = gesto_abi_version();
 *     if ((v >> 16) != GESTO_ABI_VERSION_MAJOR || (v & 0xffff) < GESTO_ABI_VERSION_MINOR)
 *         ... refuse to run ...
 *
 * @return the library's ABI version. Never fails.
 */
uint32_t
gesto_abi_version(void);

/** What a gesto function returned. Negative values are errors. */
enum gesto_status {
	/** Success. */
	GESTO_OK = 0,
	/** Not an error: there was nothing to return (no queued gesture, no deadline). */
	GESTO_EMPTY = 1,
	/** A NULL handle or pointer, an unknown enum value, a struct whose `size` is too
	 *  small, a non-finite number, or a number outside the range the function states. */
	GESTO_ERROR_INVALID_ARGUMENT = -1,
	/** The YAML config text is not valid YAML, not UTF-8, or not a valid gesto config.
	 *  The message lists every problem as CONFIG:LINE:COLUMN: error: MESSAGE lines. */
	GESTO_ERROR_CONFIG = -2,
	/** A gesture name is not in binding syntax (kind:fingers[:direction]). */
	GESTO_ERROR_BINDING_SYNTAX = -3,
	/** A motion parameter is outside its domain (a spring's stiffness <= 0, a deceleration
	 *  rate not in (0, 1), ...). The message names the parameter. */
	GESTO_ERROR_OUT_OF_RANGE = -4,
	/** The engine is busy: the call came from inside the engine's own callback, or it
	 *  changes the bindings while a gesture is in progress. */
	GESTO_ERROR_BUSY = -5,
	/** Reserved for allocation failures. In 0.1 no function returns it: the Swift
	 *  runtime inside libgesto aborts the process when an allocation fails, as malloc
	 *  failures are handled in most of the desktop stack. */
	GESTO_ERROR_NO_MEMORY = -6,
	/** A caller's array has too little room for what the call returns. Nothing changed;
	 *  where the function has a count in/out parameter, it is set to the room needed (the
	 *  one out parameter a failure writes): call again with that much room. */
	GESTO_ERROR_BUFFER_TOO_SMALL = -7,
	/** The call does not fit the phase of the handle: a reorder drag with nothing lifted,
	 *  a second lift. Nothing changed. */
	GESTO_ERROR_WRONG_PHASE = -8,
};

/**
 * A short English name for a status ("ok", "invalid argument", ...).
 *
 * @return a static string; never NULL ("unknown status" for values gesto does not define).
 */
const char *
gesto_status_string(int status);

/**
 * The message of the last failure on the calling thread: what was wrong and where
 * (the parameter, the config line and column, the part of a gesture name).
 *
 * Successful calls do not clear it (like errno): read it right after a call failed.
 *
 * @return a NUL-terminated UTF-8 string owned by gesto, valid until the next gesto call on
 * the same thread; "" if nothing failed on this thread yet. Never NULL. Freed at thread exit.
 */
const char *
gesto_last_error_message(void);

/* ==================================================================== */
/* Input: libinput gesture events                                        */
/* ==================================================================== */

/** The libinput gesture kinds (LIBINPUT_EVENT_GESTURE_SWIPE_*, _PINCH_*, _HOLD_*). */
enum gesto_event_kind {
	GESTO_EVENT_SWIPE = 1,
	GESTO_EVENT_PINCH = 2,
	GESTO_EVENT_HOLD = 3,
};

/** Where an event stands in libinput's sequence. Holds have no UPDATE. */
enum gesto_event_phase {
	GESTO_EVENT_BEGIN = 1,
	GESTO_EVENT_UPDATE = 2,
	GESTO_EVENT_END = 3,
};

/**
 * One libinput gesture event, built by the caller from its own struct libinput_event_gesture.
 *
 * Versioning: set `size` to sizeof(struct gesto_gesture_event) before anything else
 * (zero the struct with a designated initializer, as in the example below). Fields are only
 * ever appended; the library reads the fields that fit in `size` and gives later ones the
 * value libinput reports outside UPDATE. A `size` smaller than this version 0.1 struct is
 * rejected with GESTO_ERROR_INVALID_ARGUMENT.
 *
 *     struct gesto_gesture_event e = {
 *         .size = sizeof(e),
 *         .kind = GESTO_EVENT_SWIPE,
 *         .phase = GESTO_EVENT_UPDATE,
 *         .fingers = libinput_event_gesture_get_finger_count(g),
 *         .time_usec = libinput_event_gesture_get_time_usec(g),
 *         .dx = libinput_event_gesture_get_dx(g),
 *         ...
 *     };
 */
struct gesto_gesture_event {
	/** sizeof(struct gesto_gesture_event) as the caller was compiled. */
	uint32_t size;
	/** enum gesto_event_kind. */
	uint32_t kind;
	/** enum gesto_event_phase. */
	uint32_t phase;
	/** libinput_event_gesture_get_finger_count(): 1 to 10. */
	uint32_t fingers;
	/** libinput_event_gesture_get_time_usec(), microseconds; below 2^62. */
	uint64_t time_usec;
	/** UPDATE: libinput_event_gesture_get_dx(), accelerated, in delta units; 0 otherwise. */
	double dx;
	/** UPDATE: libinput_event_gesture_get_dy(), accelerated, +y down; 0 otherwise. */
	double dy;
	/** UPDATE: libinput_event_gesture_get_dx_unaccelerated(); the recognizers use these. */
	double dx_unaccelerated;
	/** UPDATE: libinput_event_gesture_get_dy_unaccelerated(). */
	double dy_unaccelerated;
	/** Pinch UPDATE and END: libinput_event_gesture_get_scale(), relative to BEGIN (> 0);
	 *  1.0 otherwise. */
	double scale;
	/** Pinch UPDATE: libinput_event_gesture_get_angle_delta(), degrees clockwise since the
	 *  previous event; 0 otherwise. */
	double angle_delta;
	/** END: libinput_event_gesture_get_cancelled() (non-zero: cancelled); 0 otherwise. */
	int32_t cancelled;
	/** Reserved, set to 0 (keeps the struct's size a multiple of 8). */
	uint32_t reserved;
	/** Since 0.3: which deltas the caller has, enum gesto_delta_source (0, both, when `size`
	 *  ends before this field). Any other value is GESTO_ERROR_INVALID_ARGUMENT. */
	uint32_t delta_source;
	/** Since 0.3: reserved, set to 0. */
	uint32_t reserved2;
};

/**
 * Which of libinput's deltas a struct gesto_gesture_event carries (since 0.3).
 *
 * gesto's thresholds, translations and velocities are in libinput's unaccelerated delta units.
 * A host that only gets libinput's accelerated deltas (a wlroots compositor's plugin: wlroots
 * keeps only libinput_event_gesture_get_dx()/_dy()) says so, and the engine recovers the
 * unaccelerated deltas from the accelerated ones with the inverse of libinput's touchpad
 * acceleration (the adaptive profile at the default speed, as libinput 1.22 applies it; see
 * GestoCore's AccelerationInverse for the curve and its sources). The same recording then
 * crosses the same thresholds at the same events as a host with both deltas, within the
 * estimate's error (the sequence's first UPDATE is taken at the profile's plateau).
 * The inverse keeps state per engine: feed one device's sequences in order.
 */
enum gesto_delta_source {
	/** dx/dy are accelerated, dx_unaccelerated/dy_unaccelerated unaccelerated (libinput's
	 *  own event; the default). */
	GESTO_DELTAS_BOTH = 0,
	/** Only dx/dy are known, and they are libinput's accelerated deltas with the adaptive
	 *  profile at speed 0: the engine computes the unaccelerated ones and ignores
	 *  dx_unaccelerated/dy_unaccelerated. */
	GESTO_DELTAS_ACCELERATED_ONLY = 1,
};

/* ==================================================================== */
/* Output: recognized gestures                                           */
/* ==================================================================== */

/** What a report is about: gesto's gestures, as named in binding syntax. */
enum gesto_gesture {
	GESTO_GESTURE_SWIPE = 1,           /**< "swipe:F[:DIR]" */
	GESTO_GESTURE_PINCH = 2,           /**< "pinch:F[:in|out]" */
	GESTO_GESTURE_ROTATE = 3,          /**< "rotate:F[:clockwise|counterclockwise]" */
	GESTO_GESTURE_HOLD = 4,            /**< "hold:F": fingers resting, as libinput reports */
	GESTO_GESTURE_LONG_PRESS = 5,      /**< "long-press:F": a hold that lasted 0.18 s */
	GESTO_GESTURE_LONG_PRESS_DRAG = 6, /**< "long-press-drag:F": a long press, then a drag */
	/* Touchscreen gestures, recognized by gesto from raw touches (gestod --touchscreens). */
	GESTO_GESTURE_TAP = 7,                   /**< "tap:F" */
	GESTO_GESTURE_DOUBLE_TAP = 8,            /**< "double-tap:F" */
	GESTO_GESTURE_TOUCH_LONG_PRESS = 9,      /**< "touch-long-press:F" */
	GESTO_GESTURE_TOUCH_LONG_PRESS_DRAG = 10, /**< "touch-long-press-drag:F" */
	GESTO_GESTURE_TOUCH_SWIPE = 11,          /**< "touch-swipe:F[:DIR]" */
	GESTO_GESTURE_TOUCH_PINCH = 12,          /**< "touch-pinch:F[:in|out]" */
	GESTO_GESTURE_TOUCH_ROTATE = 13,         /**< "touch-rotate:F[:clockwise|counterclockwise]" */
	GESTO_GESTURE_EDGE_SWIPE = 14,           /**< "edge-swipe:EDGE[:F]"; direction: the inward motion */
};

/** The direction of a gesture, once decided. libinput's axes: right is +x, down is +y. */
enum gesto_direction {
	GESTO_DIRECTION_NONE = 0, /**< not decided yet, or the gesture kind has none */
	GESTO_DIRECTION_LEFT = 1,
	GESTO_DIRECTION_RIGHT = 2,
	GESTO_DIRECTION_UP = 3,
	GESTO_DIRECTION_DOWN = 4,
	GESTO_DIRECTION_UP_LEFT = 5,    /**< diagonals only with settings.swipe.diagonals */
	GESTO_DIRECTION_UP_RIGHT = 6,
	GESTO_DIRECTION_DOWN_LEFT = 7,
	GESTO_DIRECTION_DOWN_RIGHT = 8,
	GESTO_DIRECTION_IN = 9,         /**< pinch: fingers closing (scale below 1) */
	GESTO_DIRECTION_OUT = 10,       /**< pinch: fingers spreading (scale above 1) */
	GESTO_DIRECTION_CLOCKWISE = 11,
	GESTO_DIRECTION_COUNTERCLOCKWISE = 12,
};

/**
 * Where a gesture stands (SwiftUI's and UIKit's phases). A gesture reports ARMING (long
 * presses only) or BEGAN, then CHANGED while it continues, then exactly one of ENDED,
 * FAILED or CANCELLED.
 */
enum gesto_phase {
	GESTO_PHASE_ARMING = 1,    /**< long press: fingers rest, feedback may start */
	GESTO_PHASE_BEGAN = 2,     /**< the recognizer is sure what the gesture is */
	GESTO_PHASE_CHANGED = 3,   /**< the gesture continues */
	GESTO_PHASE_ENDED = 4,     /**< final: recognized */
	GESTO_PHASE_FAILED = 5,    /**< final: ended below every threshold */
	GESTO_PHASE_CANCELLED = 6, /**< final: see enum gesto_cancel_reason */
};

/** Why a gesture was cancelled (GESTO_CANCEL_NONE unless the phase is CANCELLED). */
enum gesto_cancel_reason {
	GESTO_CANCEL_NONE = 0,
	GESTO_CANCEL_BY_LIBINPUT = 1,           /**< libinput's END had its cancelled flag */
	GESTO_CANCEL_END_OF_INPUT = 2,          /**< gesto_engine_end_input() mid-gesture */
	GESTO_CANCEL_FINGER_COUNT_CHANGED = 3,  /**< other fingers took over mid-gesture */
	GESTO_CANCEL_PREEMPTED = 4,             /**< a gesture with priority claimed the input */
	GESTO_CANCEL_TIMEOUT = 5,               /**< waited too long for its continuation */
	GESTO_CANCEL_INTERRUPTED = 6,           /**< since 0.5: the host interrupted it (a drag
	                                             released by gesto_engine_interrupt_drags()) */
};

/** When a binding fires during its gesture (the config's `mode:`). */
enum gesto_fire_mode {
	/** "on-begin": as soon as the gesture is identified (a swipe, touch swipe or edge swipe: once
	 *  its recognizer committed to its direction, see gesto.yaml(5), "Commitment"). */
	GESTO_MODE_ON_BEGIN = 1,
	/** "on-threshold": once, when the gesture crosses its threshold and (swipes, pinches,
	 *  rotations, on touchpads and touchscreens) its recognizer committed to it; at the end if
	 *  it never committed. */
	GESTO_MODE_ON_THRESHOLD = 2,
	/** "on-end": when the gesture ends recognized (the config's default). */
	GESTO_MODE_ON_END = 3,
	/** "continuous": on every report from BEGAN to the final phase. */
	GESTO_MODE_CONTINUOUS = 4,
	/** "repeat": each time the gesture travels another step in its direction. */
	GESTO_MODE_REPEAT = 5,
};

/**
 * One gesture report, or one binding firing.
 *
 * A report (binding_index == -1) says where a gesture stands. A firing (binding_index >= 0)
 * says that binding binding_index fired; its gesture fields are those of the report that
 * fired it (for GESTO_MODE_CONTINUOUS, the phase is the binding's own stream: BEGAN, then
 * CHANGED, then the final phase).
 *
 * Versioning: gesto_engine_next_gesture() writes only the first `size` bytes, as set by the
 * caller. A callback receives a struct whose `size` is the library's; read a field added
 * after 0.1 only if offsetof(struct gesto_recognized, field) + sizeof(field) <= size.
 *
 * Units: translations in unaccelerated delta units, summed since the gesture began;
 * velocities in delta units per second; angles in degrees, clockwise positive; scale
 * relative to the gesture start.
 */
struct gesto_recognized {
	/** The size of this struct: set by the caller before gesto_engine_next_gesture();
	 *  set by the library for callbacks. */
	uint32_t size;
	/** enum gesto_gesture. */
	uint32_t gesture;
	/** enum gesto_phase. */
	uint32_t phase;
	/** enum gesto_cancel_reason. */
	uint32_t cancel_reason;
	/** Number of fingers. */
	uint32_t fingers;
	/** enum gesto_direction. */
	uint32_t direction;
	/** The gesture in binding syntax, e.g. "swipe:3:left", "pinch:2" (direction not decided).
	 *  Owned by the engine; valid until gesto_engine_destroy(). */
	const char *name;
	/** Time of the input that caused the report, microseconds (for a long press reaching
	 *  its duration: the deadline's time). */
	uint64_t time_usec;
	/** Sum of the unaccelerated deltas since the gesture began. */
	double translation_x;
	double translation_y;
	/** Least-squares velocity of the finger centroid (gesto_velocity_tracker's estimate). */
	double velocity_x;
	double velocity_y;
	/** Where the translation would come to rest if the velocity decayed at the touchpad
	 *  rate GESTO_DECELERATION_RATE_TOUCHPAD: the snap target of a flick. */
	double predicted_end_x;
	double predicted_end_y;
	/** Pinch scale relative to the start (1 for other gestures). */
	double scale;
	/** Accumulated rotation in degrees, clockwise positive (0 for other gestures). */
	double angle;
	/** Fraction of the recognition threshold reached: 0 at the start, 1 at the threshold
	 *  (for a firing, the firing binding's own threshold). */
	double progress;
	/** The binding that fired (its index: config bindings in file order, then those added
	 *  with gesto_engine_add_binding()), or -1 for a report. */
	int32_t binding_index;
	/** The binding's enum gesto_fire_mode; 0 for a report. */
	uint32_t mode;
	/** The user_tag given to gesto_engine_add_binding(); 0 for config bindings and reports. */
	uint64_t user_tag;
	/** The config binding's `exec:` command; NULL for added bindings and reports. Owned by
	 *  the engine; valid until gesto_engine_destroy(). gesto never runs it. */
	const char *exec;
};

/* ==================================================================== */
/* The recognizer engine                                                 */
/* ==================================================================== */

/**
 * An opaque recognizer engine: gesto's recognizers (hold, long press, long-press-drag,
 * swipe, pinch, rotate, composed as gestod composes them) and its binding matcher, for one
 * libinput gesture stream (one touchpad, or one seat).
 *
 * Not thread-safe: use an engine from one thread at a time.
 */
typedef struct gesto_engine gesto_engine;

/**
 * Called for each report and firing, in order, from inside gesto_engine_handle_event(),
 * gesto_engine_dispatch_deadline() or gesto_engine_end_input(), on the calling thread.
 *
 * @param gesture the report; valid only during the call (copy what you keep). The strings
 * it points to live until gesto_engine_destroy().
 * @param user_data the pointer given to gesto_engine_set_callback().
 *
 * The callback must not call gesto_engine_handle_event(), gesto_engine_dispatch_deadline(),
 * gesto_engine_end_input() or gesto_engine_add_binding() on the same engine (they fail with
 * GESTO_ERROR_BUSY), and must not destroy it. Other engines and the motion API are fine.
 */
typedef void (*gesto_gesture_callback)(const struct gesto_recognized *gesture, void *user_data);

/**
 * Creates an engine with gesto's default thresholds and no bindings. Every gesture is
 * reported (long-press-drag included, until bindings say otherwise; see
 * gesto_engine_add_binding()).
 *
 * @param[out] out the new engine; destroy it with gesto_engine_destroy().
 * @return GESTO_OK, or GESTO_ERROR_INVALID_ARGUMENT if out is NULL.
 */
int
gesto_engine_new(gesto_engine **out);

/**
 * Creates an engine from a gesto config file's text (the YAML of
 * $XDG_CONFIG_HOME/gesto/config.yaml: `settings` thresholds and `bindings`).
 *
 * Each binding's `exec:` command is kept as a string and returned in the firings'
 * `exec` field; gesto does not run it. `app:` bindings fire only while
 * gesto_engine_set_focused_app() names a matching application.
 *
 * A binding's setting overrides (`threshold:` on a swipe binding…) change its verdict: the
 * bindings are grouped by their settings and each group runs its own recognizers, so a
 * firing's phase and progress are measured with the binding's own thresholds, and nothing
 * fires on a failed or cancelled gesture except a continuous binding's closing report.
 * Reports (binding_index -1) are those of the group that owns the gesture: the first with a
 * binding for its name, else group 0 (the global settings).
 *
 * @param yaml the UTF-8 text; need not be NUL-terminated. Only read during the call.
 * @param len its length in bytes.
 * @param[out] out the new engine; destroy it with gesto_engine_destroy().
 * @return GESTO_OK; GESTO_ERROR_CONFIG with every problem in the last error message, one
 * "<config>:LINE:COLUMN: error: MESSAGE" line each; GESTO_ERROR_CONFIG also for repeat
 * steps below what the library accepts (repeat-distance 1 unit, repeat-scale 1.001,
 * repeat-angle 0.1°; "<config>: error: MESSAGE"); GESTO_ERROR_INVALID_ARGUMENT if yaml
 * (with len > 0) or out is NULL.
 */
int
gesto_engine_new_from_config(const char *yaml, size_t len, gesto_engine **out);

/**
 * Destroys an engine and every string it handed out. Queued gestures are dropped.
 * Must not be called from the engine's own callback.
 *
 * @param engine the engine, or NULL (nothing happens).
 */
void
gesto_engine_destroy(gesto_engine *engine);

/**
 * Binds a gesture. Bindings added this way use the engine's global thresholds.
 *
 * A binding without a direction ("swipe:3") matches every direction; when several bindings
 * match a report, the most specific fire (a direction counts 1, an app 2). Adding a
 * binding may change which recognizers run (long-press-drag is only recognized when a
 * binding uses it, or when no binding exists), so add bindings before feeding events.
 *
 * @param engine the engine.
 * @param gesture the gesture in binding syntax: "swipe:3:left", "pinch:2:in",
 * "rotate:2:clockwise", "hold:1", "long-press:3", "long-press-drag:3". Only read during
 * the call.
 * @param mode an enum gesto_fire_mode.
 * @param user_tag any value; returned in the firings' user_tag field.
 * @return the new binding's index (>= 0); GESTO_ERROR_BINDING_SYNTAX if gesture is not in
 * binding syntax; GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer or an unknown mode;
 * GESTO_ERROR_BUSY from the callback or while a gesture is in progress.
 */
int
gesto_engine_add_binding(gesto_engine *engine, const char *gesture, int mode, uint64_t user_tag);

/**
 * @return the number of bindings (config and added), or GESTO_ERROR_INVALID_ARGUMENT if
 * engine is NULL.
 */
int
gesto_engine_binding_count(const gesto_engine *engine);

/**
 * @return the `exec:` command of config binding @p index, owned by the engine and valid
 * until gesto_engine_destroy(); NULL for an added binding, a binding whose action is not `exec` (keys, window and
 * sway actions are the host's to carry out), an index out of range or a
 * NULL engine.
 */
const char *
gesto_engine_binding_exec(const gesto_engine *engine, int index);

/**
 * Sets the focused application, for bindings with `app:` (an exact app_id or a glob with
 * `*` and `?`). Bindings without `app:` do not care.
 *
 * @param app_id the focused toplevel's app_id, copied; NULL when unknown (then `app:`
 * bindings never fire).
 * @return GESTO_OK, or GESTO_ERROR_INVALID_ARGUMENT if engine is NULL or app_id is not UTF-8.
 */
int
gesto_engine_set_focused_app(gesto_engine *engine, const char *app_id);

/** Bits of gesto_engine_set_delivery(). */
enum gesto_delivery {
	/** Deliver every report of every gesture (binding_index -1). */
	GESTO_DELIVER_REPORTS = 1 << 0,
	/** Deliver every binding firing (binding_index >= 0). */
	GESTO_DELIVER_FIRINGS = 1 << 1,
};

/**
 * Chooses what the engine delivers. The default is GESTO_DELIVER_REPORTS |
 * GESTO_DELIVER_FIRINGS: each report, followed by the firings it caused in binding order.
 * A program that only runs bindings sets GESTO_DELIVER_FIRINGS.
 *
 * @return GESTO_OK, or GESTO_ERROR_INVALID_ARGUMENT for a NULL engine or unknown bits.
 */
int
gesto_engine_set_delivery(gesto_engine *engine, unsigned int flags);

/**
 * Delivers reports and firings to @p callback from now on, instead of queueing them for
 * gesto_engine_next_gesture(). Gestures already queued stay queued.
 *
 * @param callback the function, or NULL to go back to queueing.
 * @param user_data passed back to the callback untouched; gesto never dereferences it.
 */
void
gesto_engine_set_callback(gesto_engine *engine, gesto_gesture_callback callback, void *user_data);

/**
 * Feeds one libinput gesture event. Events must come in time order; an event older than
 * the previous input is processed as if it happened at that time. Any deadline at or
 * before the event's time is dispatched first (so a replay needs no timer).
 *
 * Reports and firings caused by the event are delivered before this returns: to the
 * callback, or to the queue.
 *
 * @param event the event, only read during the call; see struct gesto_gesture_event for
 * its `size` and the values each phase carries.
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer, a bad `size`, kind or
 * phase, fingers outside 1 to 10, time_usec >= 2^62, a non-finite number, a delta or
 * angle_delta beyond ±1e6, a scale not in (0, 1e6]; GESTO_ERROR_BUSY from the callback.
 */
int
gesto_engine_handle_event(gesto_engine *engine, const struct gesto_gesture_event *event);

/** The kind of a touchscreen event: libinput's LIBINPUT_EVENT_TOUCH_*. (ABI 0.2) */
enum gesto_touch_type {
	GESTO_TOUCH_DOWN = 1,   /**< LIBINPUT_EVENT_TOUCH_DOWN */
	GESTO_TOUCH_MOTION = 2, /**< LIBINPUT_EVENT_TOUCH_MOTION */
	GESTO_TOUCH_UP = 3,     /**< LIBINPUT_EVENT_TOUCH_UP */
	GESTO_TOUCH_CANCEL = 4, /**< LIBINPUT_EVENT_TOUCH_CANCEL */
	GESTO_TOUCH_FRAME = 5,  /**< LIBINPUT_EVENT_TOUCH_FRAME: the touches above belong together */
};

/**
 * One libinput touch event, for the touchscreen gestures (tap, double-tap, touch-long-press,
 * touch-long-press-drag, touch-swipe, touch-pinch, touch-rotate, edge-swipe): libinput makes
 * none on touchscreens, gesto recognizes them from the raw touches, one TOUCH_FRAME at a time.
 * (ABI 0.2)
 *
 * Set `size` to sizeof(struct gesto_touch_event). Positions are read on DOWN and MOTION only:
 * `x_percent`/`y_percent` is libinput_event_touch_get_x/y_transformed(event, 100), and
 * `x_mm`/`y_mm` is libinput_event_touch_get_x/y(), used only once
 * gesto_engine_set_touchscreen_size() gave the device's size (it reports a resolution);
 * otherwise distances are percent of the screen.
 */
struct gesto_touch_event {
	uint32_t size;      /**< sizeof(struct gesto_touch_event) */
	uint32_t type;      /**< enum gesto_touch_type */
	int32_t slot;       /**< libinput_event_touch_get_slot(): 0 to 255, or -1 for the one touch of a
	                         screen without multitouch slots; ignored on FRAME and CANCEL */
	uint32_t reserved;  /**< set to 0 */
	uint64_t time_usec; /**< libinput_event_touch_get_time_usec() */
	double x_percent;   /**< DOWN, MOTION: percent of the device's width */
	double y_percent;   /**< DOWN, MOTION: percent of the device's height */
	double x_mm;        /**< DOWN, MOTION: millimetres, if the device has a resolution */
	double y_mm;        /**< DOWN, MOTION: millimetres, if the device has a resolution */
};

/**
 * Feeds one libinput touch event of a touchscreen (one engine per touchscreen). A TOUCH_FRAME
 * completes a frame, which goes to the touch recognizers; its reports and firings are
 * delivered before this returns, as for gesto_engine_handle_event(). Bad touch input (no
 * frame, a slot reused without UP, more than 10 touches) is repaired, not refused. (ABI 0.2)
 *
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer, a bad `size` or type,
 * a slot outside -1 to 255 on DOWN, MOTION or UP, time_usec >= 2^62, a non-finite position
 * or one beyond ±1e6; GESTO_ERROR_BUSY from the callback.
 */
int
gesto_engine_handle_touch_event(gesto_engine *engine, const struct gesto_touch_event *event);

/**
 * Gives the touchscreen's size in millimetres (libinput_device_get_size()), so distances are
 * millimetres; without it they are percent of the screen. Call before its first touch. (ABI 0.2)
 *
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT for a size not finite and above 0.
 */
int
gesto_engine_set_touchscreen_size(gesto_engine *engine, double width_mm, double height_mm);

/**
 * The time at which the engine needs gesto_engine_dispatch_deadline() (a long press
 * completing its minimum duration), if any. Arm a timer (timerfd, or your event loop's)
 * for it after each call that feeds the engine.
 *
 * @param[out] deadline_usec the deadline, microseconds on the events' clock.
 * @return GESTO_OK with *deadline_usec set; GESTO_EMPTY if no deadline is pending;
 * GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer.
 */
int
gesto_engine_next_deadline_usec(const gesto_engine *engine, uint64_t *deadline_usec);

/**
 * Dispatches every deadline at or before @p now_usec (call it when the timer armed for
 * gesto_engine_next_deadline_usec() fires). Each deadline is processed at its own time,
 * so timer latency does not change the result. Does nothing if no deadline is due.
 *
 * @param now_usec the current time on the events' clock, microseconds, below 2^62.
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT; GESTO_ERROR_BUSY from the callback.
 */
int
gesto_engine_dispatch_deadline(gesto_engine *engine, uint64_t now_usec);

/**
 * Ends the input (the device was removed, or the recording ended): gestures in progress
 * are cancelled with GESTO_CANCEL_END_OF_INPUT. The engine can be fed again afterwards.
 *
 * @param time_usec the time of the end, microseconds, below 2^62.
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT; GESTO_ERROR_BUSY from the callback.
 */
int
gesto_engine_end_input(gesto_engine *engine, uint64_t time_usec);

/**
 * Releases every drag in progress (a `drag:` binding's button is down, its fingers moving or
 * lifted within the lift timeout): each fires CANCELLED with GESTO_CANCEL_INTERRUPTED, and
 * the host releases its button. Other gestures go on. For a host that stops following the
 * fingers while they may still be down: its session locked, gesture handling paused, the
 * plugin unloading. Does nothing when no drag is in progress. Since 0.5.
 *
 * Three-finger drag: a GESTO_ACTION_DRAG binding fires BEGAN when libinput begins its swipe
 * (press the button; beside swipe bindings of the same fingers, once the stroke is known not
 * to be a quick swipe, at most settings: drag: quick-swipe-time later, a deadline
 * gesto_engine_next_deadline_usec() covers, and a quick swipe fires only its swipe bindings),
 * CHANGED as the fingers move (move the pointer by the change of
 * translation_x/translation_y since the previous firing: for a drag these are the pointer's
 * travel in libinput's *accelerated* delta units, the motion the pointer makes under one
 * finger), and one final phase when the button must come up: ENDED after the lift timeout
 * (gesto.yaml(5), settings: drag: lift-timeout; gesto_engine_next_deadline_usec() covers
 * it; with lock: sticky, at the next tap instead) or when another gesture begins, CANCELLED
 * when libinput cancels the swipe, the input
 * ends or this function interrupts it. Since 0.6 a host need not follow the phases itself: the
 * effects GESTO_EFFECT_PRESS, GESTO_EFFECT_MOVE (the change, in both units) and
 * GESTO_EFFECT_RELEASE say what to send (see "Effects").
 *
 * @param time_usec the current time on the events' clock, microseconds, below 2^62.
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT; GESTO_ERROR_BUSY from the callback.
 */
int
gesto_engine_interrupt_drags(gesto_engine *engine, uint64_t time_usec);

/**
 * @return 1 while a gesture is in progress (armed, began or changed), 0 otherwise,
 * GESTO_ERROR_INVALID_ARGUMENT for a NULL engine.
 */
int
gesto_engine_is_active(const gesto_engine *engine);

/**
 * Takes the oldest queued report or firing (queued while no callback is set). Poll until
 * it returns GESTO_EMPTY after each call that feeds the engine: the queue grows until read.
 *
 * @param[in,out] out set out->size = sizeof(*out) first; the library writes at most that
 * many bytes. The strings it points to live until gesto_engine_destroy().
 * @return GESTO_OK with *out written; GESTO_EMPTY if the queue is empty;
 * GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer or a size below the 0.1 struct.
 */
int
gesto_engine_next_gesture(gesto_engine *engine, struct gesto_recognized *out);

/* ==================================================================== */
/* Springs                                                               */
/* ==================================================================== */

/*
 * A damped spring m·x'' + c·x' + k·(x − to) = 0, x(0) = from, x'(0) = initial_velocity,
 * evaluated in closed form at any elapsed time (no per-frame integration: frame-rate
 * independent). Springs are plain values: initialise one with gesto_spring_init() and
 * evaluate it as often as you like. Time is in seconds since the spring started; values
 * are in the caller's unit (points, progress), velocities in that unit per second, with the
 * sign of d(value)/dt (not "toward the target" as in Core Animation).
 */

/**
 * The physical constants of a spring, per unit of the animated value. Build them with the
 * function of the API whose numbers you have; the fields are public and frozen.
 */
struct gesto_spring_parameters {
	/** Mass m (> 0); only ratios matter. Most APIs fix it at 1. */
	double mass;
	/** Stiffness k (> 0), in 1/s² per unit mass. */
	double stiffness;
	/** Damping coefficient c (>= 0), in 1/s per unit mass. */
	double damping;
};

/**
 * Raw constants, as SwiftUI .interpolatingSpring(mass:stiffness:damping:), libadwaita
 * adw_spring_params_new_full(damping, mass, stiffness), CASpringAnimation and Motion take
 * them.
 *
 * @param mass m (> 0), usually 1.
 * @param stiffness k (> 0), 1/s².
 * @param damping c (>= 0), 1/s.
 * @param[out] out the parameters.
 * @return GESTO_OK; GESTO_ERROR_OUT_OF_RANGE naming the parameter; GESTO_ERROR_INVALID_ARGUMENT
 * if out is NULL.
 */
int
gesto_spring_parameters_physical(double mass, double stiffness, double damping,
				 struct gesto_spring_parameters *out);

/**
 * SwiftUI .spring(response:dampingFraction:): ω₀ = 2π/response, k = m·ω₀², c = 4π·m·ζ/response.
 * SwiftUI's defaults are response 0.5 s and damping fraction 0.825.
 *
 * @param response the undamped period, seconds (> 0).
 * @param damping_fraction ζ (>= 0): < 1 bounces, 1 is critical, > 1 creeps.
 * @param mass m (> 0), usually 1.
 * @return GESTO_OK; GESTO_ERROR_OUT_OF_RANGE; GESTO_ERROR_INVALID_ARGUMENT if out is NULL.
 */
int
gesto_spring_parameters_response(double response, double damping_fraction, double mass,
				 struct gesto_spring_parameters *out);

/**
 * iOS 17 SwiftUI Spring(duration:bounce:): the duration is the undamped period; ζ = 1 −
 * bounce for bounce >= 0 and ζ = 1/(1 + bounce) below 0. Apple's example: (0.5 s, 0.3) gives
 * m 1, k 157.9, c 17.6.
 *
 * @param duration seconds (> 0); SwiftUI's default 0.5.
 * @param bounce in (−1, 1]; 0 is critically damped, 1 never settles.
 * @param mass m (> 0), usually 1.
 * @return GESTO_OK; GESTO_ERROR_OUT_OF_RANGE; GESTO_ERROR_INVALID_ARGUMENT if out is NULL.
 */
int
gesto_spring_parameters_duration_bounce(double duration, double bounce, double mass,
					struct gesto_spring_parameters *out);

/**
 * Damping ratio and stiffness, c = 2ζ√(mk): Jetpack Compose spring(dampingRatio, stiffness)
 * and Android SpringForce (m = 1), libadwaita adw_spring_params_new(damping_ratio, mass,
 * stiffness), niri `spring damping-ratio= stiffness=` (m = 1).
 *
 * @param damping_ratio ζ (>= 0).
 * @param stiffness k (> 0), 1/s².
 * @param mass m (> 0), usually 1.
 * @return GESTO_OK; GESTO_ERROR_OUT_OF_RANGE; GESTO_ERROR_INVALID_ARGUMENT if out is NULL.
 */
int
gesto_spring_parameters_damping_ratio(double damping_ratio, double stiffness, double mass,
				      struct gesto_spring_parameters *out);

/**
 * Motion (Framer) visualDuration and bounce: ω₀ = 2π/(1.2·visual_duration), k = ω₀²,
 * c = 2·clamp(1 − bounce, 0.05, 1)·ω₀, m = 1.
 *
 * @param visual_duration seconds (> 0).
 * @param bounce any finite number (clamped as above).
 * @return GESTO_OK; GESTO_ERROR_OUT_OF_RANGE; GESTO_ERROR_INVALID_ARGUMENT if out is NULL.
 */
int
gesto_spring_parameters_visual_duration(double visual_duration, double bounce,
					struct gesto_spring_parameters *out);

/** @return the damping ratio ζ = c / (2√(km)), or NaN for invalid parameters. */
double
gesto_spring_parameters_get_damping_ratio(const struct gesto_spring_parameters *parameters);

/** @return SwiftUI's response (iOS 17's duration), the undamped period 2π/ω₀ in seconds,
 *  or NaN for invalid parameters. */
double
gesto_spring_parameters_get_response(const struct gesto_spring_parameters *parameters);

/** @return iOS 17's bounce: 1 − ζ when ζ <= 1, 1/ζ − 1 when ζ > 1; NaN for invalid
 *  parameters. */
double
gesto_spring_parameters_get_bounce(const struct gesto_spring_parameters *parameters);

/** A spring: its constants, where it starts, where it goes and how fast it leaves. */
struct gesto_spring {
	struct gesto_spring_parameters parameters;
	/** The value at t = 0. */
	double from;
	/** The target value. */
	double to;
	/** The velocity at t = 0, units per second (sign = d(value)/dt). */
	double initial_velocity;
};

/**
 * Initialises a spring from @p from to @p to, leaving at @p initial_velocity.
 *
 * @param[out] spring the spring to fill.
 * @param parameters made by a gesto_spring_parameters_* function (checked again here).
 * @return GESTO_OK; GESTO_ERROR_OUT_OF_RANGE for invalid parameters;
 * GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer or a non-finite from, to or velocity.
 */
int
gesto_spring_init(struct gesto_spring *spring, const struct gesto_spring_parameters *parameters,
		  double from, double to, double initial_velocity);

/**
 * @param elapsed seconds since the spring started (times before 0 give `from`).
 * @return the value at @p elapsed; NaN for an invalid spring.
 */
double
gesto_spring_value_at(const struct gesto_spring *spring, double elapsed);

/**
 * @param elapsed seconds since the spring started.
 * @return the velocity at @p elapsed, units per second; NaN for an invalid spring.
 */
double
gesto_spring_velocity_at(const struct gesto_spring *spring, double elapsed);

/** The velocity threshold most rest tolerances use: 62.5 × the position threshold per
 *  second (a value slower than that moves less than the position threshold in a 16 ms
 *  frame; Android's SpringForce). */
#define GESTO_REST_VELOCITY_PER_POSITION 62.5

/**
 * The settle time: the last time the spring is outside the rest tolerance (after it,
 * |value − to| <= epsilon_position and |velocity| <= epsilon_velocity forever). Found
 * exactly (to about 1e-12 of its value), not estimated. At the settle time, show `to` and
 * stop.
 *
 * The search is bounded for every argument: a closed-form envelope bound of the settle time
 * brackets it, so a call costs at most a few thousand evaluations of the spring, whatever
 * the damping, the tolerances (even far below the rounding step of `to`) or the velocity.
 *
 * Suggested tolerances: points 0.1 and 6.25/s; progress 1e-4 and 6.25e-3/s.
 *
 * @param epsilon_position the largest distance to the target at rest (> 0).
 * @param epsilon_velocity the largest speed at rest (> 0), units per second.
 * @param[out] seconds the settle time, seconds:
 *   - 0 if the spring starts at rest (from == to with no velocity, or within the tolerance
 *     and never leaving it);
 *   - +infinity if it never settles: zero damping with motion, or a damping so weak that
 *     the settle time is beyond the range of a double (about 1.8e308 s);
 *   - otherwise a finite number of seconds (a damped spring always settles, if need be
 *     after a long time: damping ratio 1e-6 at stiffness 1, from 0 to 1 at rest, takes 6.8e6 s
 *     to settle within 1e-3 and 6.25e-2/s).
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer, tolerances not > 0,
 * or an invalid spring.
 */
int
gesto_spring_settle_time(const struct gesto_spring *spring, double epsilon_position,
			 double epsilon_velocity, double *seconds);

/**
 * libadwaita's and niri's estimated duration, −ln(epsilon)/β (the envelope of a unit
 * displacement). It ignores from, to and the velocity and can end early: prefer
 * gesto_spring_settle_time(). Provided to match those programs.
 *
 * @param epsilon in (0, 1).
 * @return seconds; +infinity for zero damping; NaN for invalid arguments.
 */
double
gesto_spring_estimated_duration(const struct gesto_spring *spring, double epsilon);

/**
 * Retargets a spring mid-flight: it becomes a spring toward @p to that starts from the
 * value and velocity it had at @p elapsed, so that neither jumps. Its time starts again at
 * 0: evaluate it at (now − retarget time) afterwards.
 *
 * @param[in,out] spring the spring.
 * @param to the new target.
 * @param elapsed seconds since the spring started, when the target changed.
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT for a NULL or invalid spring or a
 * non-finite argument.
 */
int
gesto_spring_retarget(struct gesto_spring *spring, double to, double elapsed);

/* ==================================================================== */
/* Bindings, for a host that performs them (since 0.2)                   */
/* ==================================================================== */

/**
 * The kind of a binding's action, one per config key (the key is struct gesto_binding_info's
 * `action` string): what a host switches on to carry the action out. Since 0.4.
 */
enum gesto_action_kind {
	GESTO_ACTION_NONE = 0,          /**< no action: a binding added with gesto_engine_add_binding() */
	GESTO_ACTION_EXEC = 1,          /**< "exec": a shell command, the firing's `exec` */
	GESTO_ACTION_KEYS = 2,          /**< "keys": a key combination to type */
	GESTO_ACTION_WINDOW = 3,        /**< "window": an operation on the focused window */
	GESTO_ACTION_SWAY = 4,          /**< "sway": a command for sway's IPC */
	GESTO_ACTION_REORDER = 5,       /**< "reorder": a long-press-drag reorder */
	GESTO_ACTION_WINDOW_MOTION = 6, /**< "window-motion": see gesto_window_motion_new() */
	GESTO_ACTION_WORKSPACE = 7,     /**< "workspace": see gesto_workspace_swipe_new() */
	GESTO_ACTION_DRAG = 8,          /**< since 0.5: "drag": hold a pointer button while the
	                                     swipe's fingers move; see "Three-finger drag" */
	GESTO_ACTION_HYPRLAND = 9,      /**< since 0.7: "hyprland": what Hyprland's `dispatch`
	                                     request takes */
};

/**
 * What a binding is, as a host that carries out its actions reads it (a compositor plugin:
 * which gestures to consume, which actions it performs itself).
 *
 * Versioning: set `size` to sizeof(struct gesto_binding_info); the library writes at most
 * that many bytes. Since 0.2.
 */
struct gesto_binding_info {
	/** sizeof(struct gesto_binding_info) as the caller was compiled. */
	uint32_t size;
	/** The binding's enum gesto_fire_mode. */
	uint32_t mode;
	/** The gesture in binding syntax ("swipe:4", "pinch:2:in"). Owned by the engine; valid
	 *  until gesto_engine_destroy(). */
	const char *gesture;
	/** The config key of its action: "exec", "keys", "window", "sway", "reorder",
	 *  "window-motion", (since 0.3) "workspace", (since 0.5) "drag" or (since 0.7) "hyprland"; NULL for a binding added with gesto_engine_add_binding(). A static
	 *  string. */
	const char *action;
	/** The binding's `app:` pattern, or NULL. Owned by the engine, as `gesture`. */
	const char *app;
	/** Since 0.4: the kind of its action, enum gesto_action_kind (GESTO_ACTION_NONE where
	 *  `action` is NULL). Written only when `size` reaches past it. */
	uint32_t action_kind;
	/** Since 0.5 (reserved, written as 0, in 0.4): for GESTO_ACTION_DRAG, the button the drag
	 *  holds as its evdev code (BTN_LEFT 0x110, BTN_RIGHT 0x111, BTN_MIDDLE 0x112, from
	 *  linux/input-event-codes.h); 0 for every other kind. */
	uint32_t drag_button;
	/** Since 0.6: the binding's gesture as numbers, so that no host parses `gesture`: its
	 *  enum gesto_gesture, finger count (1 to 10) and enum gesto_direction
	 *  (GESTO_DIRECTION_NONE for a binding of any direction, "swipe:3"). Written only when
	 *  `size` reaches past them. */
	uint32_t gesture_kind;
	uint32_t fingers;
	uint32_t direction;
};

/**
 * Describes binding @p index. Since 0.2.
 *
 * @param[in,out] out set out->size = sizeof(*out) first.
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer, a size below the 0.2
 * struct or an index out of range.
 */
int
gesto_engine_binding_info(const gesto_engine *engine, int index, struct gesto_binding_info *out);

/**
 * The spring binding @p index animates with: its `animation:`, else the config's global
 * one, else niri's window-movement spring (damping ratio 1, stiffness 800). Since 0.2.
 *
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer or an index out of range.
 */
int
gesto_engine_binding_animation(const gesto_engine *engine, int index,
			       struct gesto_spring_parameters *out);

/**
 * Enables or disables binding @p index. A disabled binding never fires and claims nothing
 * (gesto_engine_claims()); its gesture is still recognized and reported. One exception: a
 * GESTO_ACTION_DRAG binding disabled while its button is down (its BEGAN was delivered) still
 * delivers the final firing that releases the button, whenever the drag ends (lift timeout,
 * gesto_engine_interrupt_drags(), gesto_engine_end_input()); its CHANGED firings stop at
 * once. The same holds when gesto_engine_set_delivery() turns firings off. A host disables
 * the bindings whose actions or gestures it cannot carry out (a compositor that delivers no
 * holds, an action it does not perform), so that they do not consume input. Allowed from
 * the callback; takes effect with the next report. Since 0.2.
 *
 * @param enabled non-zero to enable (every binding starts enabled), 0 to disable.
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT for a NULL engine or an index out of range.
 */
int
gesto_engine_set_binding_enabled(gesto_engine *engine, int index, int enabled);

/**
 * Whether the engine's bindings may fire on a libinput gesture sequence that begins with
 * @p kind and @p fingers, for the application last given to gesto_engine_set_focused_app():
 * a swipe sequence may become a `swipe:F` or the drag of a `long-press-drag:F`, a pinch
 * sequence a `pinch:F` or `rotate:F`, a hold sequence a `hold:F`, `long-press:F` or the
 * press of a `long-press-drag:F`. Ask it at the sequence's BEGIN, before any direction is
 * known: a host that consumes the sequences the engine claims (keeps them from clients)
 * and passes the others through never hands a client half a sequence. Since 0.2.
 *
 * @param kind an enum gesto_event_kind.
 * @param fingers 1 to 10.
 * @return 1 if claimed, 0 if not; GESTO_ERROR_INVALID_ARGUMENT for a NULL engine, an
 * unknown kind or a finger count out of range.
 */
int
gesto_engine_claims(const gesto_engine *engine, uint32_t kind, uint32_t fingers);

/**
 * The variables gestod gives an `exec:` command for @p gesture (a firing or a report):
 * GESTO_GESTURE, GESTO_PHASE, GESTO_FINGERS, GESTO_TIME (seconds), GESTO_DX, GESTO_DY (delta
 * units), GESTO_VX, GESTO_VY (units per second), GESTO_SCALE, GESTO_ANGLE (degrees),
 * GESTO_PROGRESS and, when cancelled, GESTO_REASON, formatted as gestod formats them. Since 0.2.
 *
 * @param[out] buffer "NAME=VALUE" strings, each NUL-terminated, then one more NUL (an
 * envp-style block: split it at the NULs).
 * @param[in,out] size the room in buffer in bytes, then the bytes written (both NULs
 * included).
 * @return GESTO_OK; GESTO_ERROR_BUFFER_TOO_SMALL with *size set to the room needed (buffer
 * may be NULL to ask); GESTO_ERROR_INVALID_ARGUMENT for a NULL gesture or size, a bad
 * `size` field, name or phase, or a non-finite value.
 */
int
gesto_recognized_environment(const struct gesto_recognized *gesture, char *buffer, size_t *size);

/* ==================================================================== */
/* Effects (since 0.6)                                                   */
/* ==================================================================== */

/**
 * What a host does when a binding fires: the one output of gesto's decisions, the same that
 * gestod carries out. The engine turns each firing it delivers into zero or more effects, in
 * the order to carry them out; the host only carries them out with its own means (its
 * compositor's calls, a pointer device of its own) and decides nothing: which phase presses or
 * releases a drag's button, by how much the pointer moves, whether a workspace swipe follows
 * the fingers are the engine's. Whether a gesture is consumed is decided before any effect, at
 * its libinput sequence's BEGIN: gesto_engine_claims().
 *
 * Since 0.6. The values are stable: hosts switch on them.
 */
enum gesto_effect_kind {
	/** Run `command` through `/bin/sh -c`, with gesto_recognized_environment() of the
	 *  firing, without waiting for it (an `exec:` binding). */
	GESTO_EFFECT_RUN = 1,
	/** Type the keys `keysyms[0 .. keysym_count)`, xkbcommon keysym names (look each up
	 *  with xkb_keysym_from_name()) with the config's aliases resolved ("super" is
	 *  "Super_L"): press them in order, release them in reverse (a `keys:` binding). */
	GESTO_EFFECT_KEYS = 2,
	/** `window_operation` (enum gesto_window_operation) on the focused window. */
	GESTO_EFFECT_WINDOW = 3,
	/** `command` for sway's IPC, as written in the config (a `sway:` binding). */
	GESTO_EFFECT_SWAY_COMMAND = 4,
	/** Go to the workspace at `workspace_dx`, `workspace_dy` from the current one, now: an
	 *  `on-end` (or any non-continuous) `workspace:` binding. */
	GESTO_EFFECT_SWITCH_WORKSPACE = 5,
	/** Press the pointer button `button` (an evdev code, BTN_LEFT 0x110): a drag began. */
	GESTO_EFFECT_PRESS = 6,
	/** Move the pointer by `dx`, `dy` (libinput's accelerated deltas: what the pointer
	 *  makes under one finger); `unaccelerated_dx`, `unaccelerated_dy` are the same travel
	 *  unaccelerated, for a sink that accelerates itself (a uinput mouse). */
	GESTO_EFFECT_MOVE = 7,
	/** Release `button`: exactly once after each GESTO_EFFECT_PRESS of the binding, however
	 *  the drag ends (its lift timeout, a cancel, gesto_engine_interrupt_drags(),
	 *  gesto_engine_end_input(), the binding disabled meanwhile). */
	GESTO_EFFECT_RELEASE = 8,
	/** The focused window follows the fingers: `gesture->phase` BEGAN takes the window
	 *  (gesto_window_motion_new() with `binding_index`), CHANGED and the final phase go to
	 *  gesto_window_motion_handle_recognized() (a `window-motion:` binding). */
	GESTO_EFFECT_WINDOW_MOTION = 9,
	/** The workspaces follow the fingers toward the one at `workspace_dx`, `workspace_dy`:
	 *  BEGAN starts gesto_workspace_swipe_new() with `binding_index`, the others go to
	 *  gesto_workspace_swipe_handle_recognized(), whose spring settles on or back (a
	 *  continuous `workspace:` binding). */
	GESTO_EFFECT_WORKSPACE_MOTION = 10,
	/** A `reorder:` binding's long-press-drag: `gesture` goes to
	 *  gesto_reorder_handle_recognized() of the host's gesto_reorder. */
	GESTO_EFFECT_REORDER = 11,
	/** Since 0.7: `command` for Hyprland's `dispatch` request, as written in the config (a
	 *  `hyprland:` binding): what `hyprctl dispatch` takes, which Hyprland 0.55 and later with a
	 *  Lua config (0.57 has no other) read as a Lua dispatcher, `hl.dsp.focus({ workspace = 2 })`.
	 *  A plugin inside Hyprland hands it to Hyprland's dispatch (HyprlandAPI::invokeHyprctlCommand). */
	GESTO_EFFECT_HYPRLAND_DISPATCH = 12,
};

/** The operation of a GESTO_EFFECT_WINDOW (a `window:` binding). Since 0.6. */
enum gesto_window_operation {
	GESTO_WINDOW_ACTIVATE = 1,   /**< focus it */
	GESTO_WINDOW_CLOSE = 2,      /**< ask it to close */
	GESTO_WINDOW_MINIMIZE = 3,   /**< minimize it */
	GESTO_WINDOW_MAXIMIZE = 4,   /**< maximize it, or restore it when maximized */
	GESTO_WINDOW_FULLSCREEN = 5, /**< make it fullscreen, or leave fullscreen */
};

/**
 * One effect. Read a field only for the kinds that say they set it; the others are 0 or
 * NULL. Everything it points to is valid only during the callback (copy what you keep).
 *
 * Versioning: fields are only added at the end; read a field only if
 * offsetof(struct gesto_effect, field) + sizeof(field) <= size. Since 0.6.
 */
struct gesto_effect {
	/** The size of the struct the library filled in. */
	uint32_t size;
	/** enum gesto_effect_kind. */
	uint32_t kind;
	/** The binding that fired (as struct gesto_recognized's `binding_index`). */
	int32_t binding_index;
	/** PRESS, RELEASE: the button, an evdev code (BTN_LEFT 0x110, BTN_RIGHT 0x111,
	 *  BTN_MIDDLE 0x112). */
	uint32_t button;
	/** The firing that caused it: phase, time, translation, velocity. */
	const struct gesto_recognized *gesture;
	/** RUN: the shell command; SWAY_COMMAND: the sway command; HYPRLAND_DISPATCH: the
	 *  dispatch (since 0.7). */
	const char *command;
	/** KEYS: the keysym names, in pressing order. */
	const char *const *keysyms;
	/** KEYS: how many names `keysyms` has. */
	uint32_t keysym_count;
	/** WINDOW: enum gesto_window_operation. */
	uint32_t window_operation;
	/** MOVE: the pointer's motion, libinput's accelerated delta units. */
	double dx;
	double dy;
	/** MOVE: the same travel in libinput's unaccelerated (1000 dpi) delta units. */
	double unaccelerated_dx;
	double unaccelerated_dy;
	/** SWITCH_WORKSPACE, WORKSPACE_MOTION: where the target workspace is from the current
	 *  one, in workspaces (-1 to 1 each: right is +x, down is +y; `next` is right,
	 *  `previous` left). */
	int32_t workspace_dx;
	int32_t workspace_dy;
};

/**
 * Called for each effect, in order, from inside the calls that deliver firings
 * (gesto_engine_handle_event(), gesto_engine_handle_touch_event(),
 * gesto_engine_dispatch_deadline(), gesto_engine_end_input(),
 * gesto_engine_interrupt_drags()), on the calling thread, right after the firing it belongs
 * to went to the gesture callback (or into the queue of gesto_engine_next_gesture()). The
 * same rules as for gesto_gesture_callback hold. Since 0.6.
 */
typedef void (*gesto_effect_callback)(const struct gesto_effect *effect, void *user_data);

/**
 * Sets (or, with NULL, clears) the callback that receives effects. The engine plans effects
 * whether or not one is set (a drag pressed before it was cleared is still released once).
 * A firing suppressed by gesto_engine_set_binding_enabled() or gesto_engine_set_delivery()
 * gives no effect, except the GESTO_EFFECT_RELEASE of a button its binding pressed (and
 * the MOVEs before it). Since 0.6.
 *
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT for a NULL engine; GESTO_ERROR_BUSY from
 * inside a callback.
 */
int
gesto_engine_set_effect_callback(gesto_engine *engine, gesto_effect_callback callback, void *user_data);

/* ==================================================================== */
/* Window motion (since 0.2)                                             */
/* ==================================================================== */

/** A rectangle in the host's layout pixels: origin at the top-left, +y down. Frozen. */
struct gesto_rect {
	double x;
	double y;
	double width;
	double height;
};

/**
 * A `window-motion:` binding moving one window: while the swipe continues, the window
 * follows the fingers 1:1 (the binding's `scale:` pixels per delta unit); on release a
 * spring (the binding's animation) carries it, with the release velocity, to the snap target
 * the projected flick points at (`snap:`: left half, right half, maximized, back). gestod's
 * window-motion on sway does the same. Since 0.2.
 *
 * Since 0.6 a `window-motion:` binding may be a pinch's: the window then grows and shrinks
 * about its centre with the pinch's `scale` (clamped to 0.01 to 100), and the release springs
 * it, from rest, to the target whose size is nearest the pinched size: back, or maximized
 * when `maximize` is among its snaps (left and right are not a pinch's).
 */
typedef struct gesto_window_motion gesto_window_motion;

/**
 * Starts a motion of the window at @p start, on an output whose usable area is @p area.
 *
 * @param binding_index a binding whose action is `window-motion`.
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer, an index that is not a
 * window-motion binding, or a rect with a non-finite value or a size not > 0.
 */
int
gesto_window_motion_new(const gesto_engine *engine, int binding_index, const struct gesto_rect *start,
			const struct gesto_rect *area, gesto_window_motion **out);

/**
 * Drives the motion from a firing of its binding (or any report): BEGAN grabs the window
 * (a spring in flight stops where it is), CHANGED drags it, ENDED releases it with the
 * report's velocity, FAILED and CANCELLED release it at rest (a cancelled flick is not a
 * throw). The release spring starts at the report's time. A pinch's firing (`gesture`
 * GESTO_GESTURE_PINCH) scales it by its `scale` instead (since 0.6).
 *
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer, a bad `size`, an
 * unknown phase, or a pinch whose scale is not in (0, 1e6].
 */
int
gesto_window_motion_handle_recognized(gesto_window_motion *motion, const struct gesto_recognized *gesture);

/**
 * The rect to show at @p time_usec (on the events' clock): the dragged position while the
 * fingers move, the springs' values while settling.
 *
 * @param[out] out the rect.
 * @return 1 once at rest at the target (show it and stop the frames), 0 while moving or
 * dragging; GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer or a time out of range.
 */
int
gesto_window_motion_frame(gesto_window_motion *motion, uint64_t time_usec, struct gesto_rect *out);

/**
 * The snap target of the last release: "left", "right", "maximize" or "back"; NULL before
 * the first release or while dragging. A static string.
 */
const char *
gesto_window_motion_target(const gesto_window_motion *motion);

/** Destroys a motion; NULL does nothing. */
void
gesto_window_motion_destroy(gesto_window_motion *motion);

/* ==================================================================== */
/* Workspace swipe (since 0.3)                                           */
/* ==================================================================== */

/**
 * The neighbouring workspace a `workspace:` binding goes to, as a step on a grid of
 * workspaces (+x right, +y down): next and right (1, 0), previous and left (-1, 0), up
 * (0, -1), down (0, 1); and the binding's `distance:`, the delta units of finger travel per
 * workspace. Since 0.3.
 *
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer or an index that is not a
 * workspace binding.
 */
int
gesto_engine_binding_workspace(const gesto_engine *engine, int binding_index, int32_t *dx, int32_t *dy,
			       double *distance);

/**
 * A `workspace:` binding's swipe between the workspace it started on (progress 0) and the
 * neighbour (progress 1): while the swipe continues, the progress follows the fingers (one
 * workspace per `distance:` units along the binding's axis; the content moves with the
 * fingers, so the workspace to the right comes in as they move left), rubber-banded past 0
 * and 1; on release a spring (the binding's animation) carries it, with the release velocity,
 * on to the neighbour or back. The decision is libgesto's: on to the neighbour when the
 * gesture ended recognized, the host said there is one, and the translation plus the release
 * velocity projected at GESTO_DECELERATION_RATE_TOUCHPAD (the projection window motion uses)
 * is past half a workspace; a failed or cancelled gesture goes back. gestod makes the same
 * decision for sway. Since 0.3.
 */
typedef struct gesto_workspace_swipe gesto_workspace_swipe;

/** What a released workspace swipe does (gesto_workspace_swipe_target()). Since 0.3. */
enum gesto_workspace_target {
	/** Not released yet (following the fingers). */
	GESTO_WORKSPACE_NONE = 0,
	/** On to the neighbouring workspace: switch to it once at rest. */
	GESTO_WORKSPACE_NEIGHBOUR = 1,
	/** Back to the workspace the swipe started on. */
	GESTO_WORKSPACE_BACK = 2,
};

/**
 * Starts a swipe for binding @p binding_index.
 *
 * @param has_neighbour non-zero if the host has a workspace in the binding's direction (a
 * grid's edge has none: the swipe then only resists and goes back).
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer or an index that is not a
 * workspace binding.
 */
int
gesto_workspace_swipe_new(const gesto_engine *engine, int binding_index, int has_neighbour,
			  gesto_workspace_swipe **out);

/**
 * Drives the swipe from a firing of its binding: BEGAN takes hold (a spring in flight stops
 * where it is), CHANGED follows the fingers, ENDED releases it with the report's velocity and
 * decides, FAILED and CANCELLED release it back. The spring starts at the report's time.
 *
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer, a bad `size`, an unknown
 * phase or a non-finite value.
 */
int
gesto_workspace_swipe_handle_recognized(gesto_workspace_swipe *swipe, const struct gesto_recognized *gesture);

/**
 * The progress to show at @p time_usec (on the events' clock): 0 the starting workspace, 1
 * the neighbour (below 0 or above 1 while resisting).
 *
 * @param[out] progress the progress.
 * @return 1 once at rest (then gesto_workspace_swipe_target() says where), 0 while moving or
 * following the fingers; GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer or a time out of range.
 */
int
gesto_workspace_swipe_frame(gesto_workspace_swipe *swipe, uint64_t time_usec, double *progress);

/** The enum gesto_workspace_target of the last release; GESTO_WORKSPACE_NONE while following
 *  the fingers or for NULL. */
int
gesto_workspace_swipe_target(const gesto_workspace_swipe *swipe);

/** Destroys a swipe; NULL does nothing. */
void
gesto_workspace_swipe_destroy(gesto_workspace_swipe *swipe);

/* ==================================================================== */
/* Decay and projection                                                  */
/* ==================================================================== */

/*
 * A value coasting after a flick, its velocity decaying exponentially: v(t) = v₀·e^(−λt),
 * x(t) = x₀ + v₀(1 − e^(−λt))/λ, resting at x₀ + v₀/λ. UIScrollView's deceleration rate
 * (a velocity factor per millisecond, r = e^(−λ/1000)) and Compose's exponentialDecay
 * friction (λ = 4.2 × frictionMultiplier) are the same curve.
 */

/** UIScrollView .normal: 0.998 per millisecond. */
#define GESTO_DECELERATION_RATE_NORMAL 0.998
/** UIScrollView .fast: 0.99 per millisecond. */
#define GESTO_DECELERATION_RATE_FAST 0.99
/** GNOME, libadwaita and niri on touchpads: 0.997 per millisecond. */
#define GESTO_DECELERATION_RATE_TOUCHPAD 0.997
/** libadwaita and niri on touchscreens: 0.998 per millisecond. */
#define GESTO_DECELERATION_RATE_TOUCHSCREEN 0.998

/** A decay; initialise it with gesto_decay_init_rate() or gesto_decay_init_friction(). */
struct gesto_decay {
	/** The value at t = 0. */
	double from;
	/** The velocity at t = 0, units per second. */
	double initial_velocity;
	/** λ, in 1/s (> 0). */
	double decay_per_second;
};

/**
 * A decay at a UIScrollView-style rate: λ = −1000·ln(rate_per_ms).
 *
 * @param rate_per_ms the fraction of the velocity kept each millisecond, in (0, 1); see
 * GESTO_DECELERATION_RATE_*.
 * @return GESTO_OK; GESTO_ERROR_OUT_OF_RANGE for a rate outside (0, 1);
 * GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer or a non-finite from or velocity.
 */
int
gesto_decay_init_rate(struct gesto_decay *decay, double from, double initial_velocity,
		      double rate_per_ms);

/**
 * Compose's exponentialDecay(frictionMultiplier): λ = 4.2 × friction_multiplier per second.
 *
 * @param friction_multiplier > 0; Compose's default is 1.
 * @return GESTO_OK; GESTO_ERROR_OUT_OF_RANGE; GESTO_ERROR_INVALID_ARGUMENT.
 */
int
gesto_decay_init_friction(struct gesto_decay *decay, double from, double initial_velocity,
			  double friction_multiplier);

/** @return the value @p elapsed seconds after the start (before 0: `from`); NaN for an
 *  invalid decay. */
double
gesto_decay_value_at(const struct gesto_decay *decay, double elapsed);

/** @return the velocity @p elapsed seconds after the start, units per second. */
double
gesto_decay_velocity_at(const struct gesto_decay *decay, double elapsed);

/** @return where the value comes to rest: from + v₀/λ. */
double
gesto_decay_rest_value(const struct gesto_decay *decay);

/** @return seconds until the speed drops to @p speed units per second (0 if it is already
 *  slower); NaN for an invalid decay or a speed not > 0. */
double
gesto_decay_duration_until_speed_below(const struct gesto_decay *decay, double speed);

/**
 * Where a flick at @p velocity would stop at @p rate_per_ms, continuous form
 * −v/(1000·ln r) (niri's projected_end_pos): the snap target to choose on release.
 *
 * @return the distance in the velocity's unit; NaN for a rate outside (0, 1).
 */
double
gesto_project(double velocity, double rate_per_ms);

/**
 * The discrete form of gesto_project(), (v/1000)·r/(1 − r), as WWDC18's "Designing Fluid
 * Interfaces" project() writes it (0.1 % shorter at 0.998).
 */
double
gesto_project_discrete(double velocity, double rate_per_ms);

/* ==================================================================== */
/* Rubber band                                                           */
/* ==================================================================== */

/*
 * Resistance past a bound: b(e) = c·e·L/(c·e + L) for an excess e past the bound, slope c
 * at the bound and asymptote L. UIScrollView uses c = 0.55 and L = the view's dimension;
 * niri's RubberBand { stiffness, limit } is c and L.
 */

/** UIScrollView's coefficient: 0.55. */
#define GESTO_RUBBER_BAND_UISCROLLVIEW_COEFFICIENT 0.55

/** A rubber band; initialise it with gesto_rubber_band_init(). */
struct gesto_rubber_band {
	/** The slope at the bound, c (> 0, dimensionless). */
	double coefficient;
	/** The asymptote L (> 0): the most the displayed value ever moves past the bound. */
	double dimension;
};

/**
 * @return GESTO_OK; GESTO_ERROR_OUT_OF_RANGE unless both are finite and > 0;
 * GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer.
 */
int
gesto_rubber_band_init(struct gesto_rubber_band *band, double coefficient, double dimension);

/** @return the displayed excess for a raw excess (negative excesses are mirrored). */
double
gesto_rubber_band_band(const struct gesto_rubber_band *band, double excess);

/** @return the raw excess that displays as @p banded (the inverse); ±infinity when
 *  |banded| >= dimension. */
double
gesto_rubber_band_excess(const struct gesto_rubber_band *band, double banded);

/** @return the slope b′(e) = c·L²/(c·e + L)² at raw excess @p excess (dimensionless). */
double
gesto_rubber_band_slope(const struct gesto_rubber_band *band, double excess);

/**
 * @return the displayed value for the raw (finger) value @p raw: unchanged inside
 * [lower, upper], banded past either bound; NaN if lower > upper.
 */
double
gesto_rubber_band_displayed(const struct gesto_rubber_band *band, double raw,
			    double lower, double upper);

/** @return the raw value that displays as @p displayed (to resume a gesture from a banded
 *  value); NaN if lower > upper. */
double
gesto_rubber_band_raw(const struct gesto_rubber_band *band, double displayed,
		      double lower, double upper);

/**
 * @return the displayed value's velocity when the raw value moves at @p raw_velocity at
 * @p raw: the raw velocity times the slope there (1 inside the bounds). Hand it to a spring
 * on release. NaN if lower > upper.
 */
double
gesto_rubber_band_release_velocity(const struct gesto_rubber_band *band, double raw_velocity,
				   double raw, double lower, double upper);

/* ==================================================================== */
/* Velocity tracker                                                      */
/* ==================================================================== */

/**
 * An opaque velocity estimator: an unweighted least-squares fit of degree 2 over the
 * newest samples (at most 20, at most 100 ms old, no gap above 40 ms), as Android, Flutter
 * and Compose estimate finger velocity. If the query time is more than 40 ms after the
 * newest sample, the fingers paused before lifting and the velocity is 0. Speeds are
 * clamped to 8000 units per second per axis.
 *
 * Not thread-safe: use a tracker from one thread at a time.
 */
typedef struct gesto_velocity_tracker gesto_velocity_tracker;

/**
 * @param[out] out the new, empty tracker; destroy it with gesto_velocity_tracker_destroy().
 * @return GESTO_OK, or GESTO_ERROR_INVALID_ARGUMENT if out is NULL.
 */
int
gesto_velocity_tracker_new(gesto_velocity_tracker **out);

/** Destroys a tracker; NULL does nothing. */
void
gesto_velocity_tracker_destroy(gesto_velocity_tracker *tracker);

/** Forgets every sample (call it when a new gesture begins). NULL does nothing. */
void
gesto_velocity_tracker_reset(gesto_velocity_tracker *tracker);

/**
 * Adds a sample: the *cumulative* position (the sum of the unaccelerated deltas, or any
 * position in any unit) at @p time_usec. A sample older than the newest one is dropped;
 * one with the same time replaces it.
 *
 * @param time_usec microseconds, below 2^62.
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT for a NULL tracker, a time out of range or
 * a non-finite position.
 */
int
gesto_velocity_tracker_add(gesto_velocity_tracker *tracker, uint64_t time_usec, double x, double y);

/**
 * The velocity at @p time_usec (the newest sample's time, or the time the fingers lifted).
 *
 * @param[out] vx, vy the velocity, position units per second; 0 with fewer than two usable
 * samples or after a pause.
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer or a time out of range.
 */
int
gesto_velocity_tracker_velocity(const gesto_velocity_tracker *tracker, uint64_t time_usec,
				double *vx, double *vy);

/** @return the number of samples held (at most 20), or GESTO_ERROR_INVALID_ARGUMENT. */
int
gesto_velocity_tracker_sample_count(const gesto_velocity_tracker *tracker);

/* ==================================================================== */
/* Reorder engine                                                        */
/* ==================================================================== */

/*
 * iOS drag-to-reorder as a state machine: a long press lifts an item, the drag moves it and
 * the other items spring out of its way one slot at a time, releasing commits the new order
 * and cancelling restores the old one exactly. The engine does no drawing: it returns the
 * slot moves to apply to the caller's model, and every item's position (from its spring) to
 * draw at a given time.
 *
 * Items are identified by their index in the layout, 0 to item_count − 1, and stay so; an
 * *order* lists item indices slot by slot (order[slot] = item). A move {from, to} takes the
 * item in slot `from` out and puts it back so that it ends in slot `to`; the items between
 * shift one slot toward `from`. Applying every move that gesto_reorder_drag(),
 * gesto_reorder_commit(), gesto_reorder_cancel() and gesto_reorder_handle_recognized()
 * return, in order, to an array that started in the same order keeps that array equal to
 * the live order (gesto_reorder_live_order()).
 *
 * Phases (enum gesto_reorder_phase) and the calls each takes:
 *
 *     IDLE ──lift──▶ LIFTED ──drag──▶ DRAGGING ──drag──▶ DRAGGING
 *     LIFTED, DRAGGING ──commit or cancel──▶ SETTLING ──(every spring at rest)──▶ IDLE
 *     SETTLING ──lift──▶ LIFTED (the lifted item leaves from where it is shown)
 *
 * Any other call fails with GESTO_ERROR_WRONG_PHASE and changes nothing; queries work in
 * every phase.
 *
 * Units: the layout and every position in points, +x right, +y down; positions are items'
 * top-left corners, the first slot's at (0, 0). Drag translations and velocities in
 * libinput's delta units (per second), as gesto_recognized reports them; the settings'
 * points_per_unit converts. For a touchpad-only reorder with nothing drawn, measure the
 * layout in delta units (e.g. square slots of 120) and set points_per_unit to 1. Times in
 * microseconds on the clock of libinput_event_gesture_get_time_usec(), below 2^62.
 *
 * The moves a call returns go to a caller array `moves` with room for *count moves: on
 * success *count is set to the number written. If they do not fit, the call fails with
 * GESTO_ERROR_BUFFER_TOO_SMALL, changes nothing and sets *count to the room needed; repeat
 * it with that much room (it returns the same moves). A drag causes at most item_count − 1
 * moves; a cancel as many as the drag made. count may be NULL when the caller does not
 * want the moves (moves is then ignored); moves may be NULL when *count is 0.
 *
 * A compositor that reorders its own list from an engine's reports, and draws it:
 *
 *     struct gesto_reorder_move moves[64];
 *     size_t count = 64;
 *     if (gesto_reorder_handle_recognized(reorder, gesture, slot_under_pointer,
 *                                         moves, &count) == GESTO_OK)
 *         for (size_t i = 0; i < count; i++)
 *             list_move(list, moves[i].from, moves[i].to);
 *     ...
 *     // each frame, until gesto_reorder_is_settled(reorder, now) returns 1:
 *     gesto_reorder_positions(reorder, now, xy, item_count);
 *
 * Not thread-safe: use a reorder from one thread at a time.
 */

/** The largest item count of a reorder. */
#define GESTO_REORDER_MAX_ITEMS 65536

/** How the slots of a reorder are arranged. */
enum gesto_reorder_arrangement {
	/** One line, left to right; the drag's x decides. Slot s starts after the widths of
	 *  the items before it plus the spacing. */
	GESTO_REORDER_ROW = 1,
	/** One line, top to bottom; the drag's y decides (heights, as for a row). */
	GESTO_REORDER_COLUMN = 2,
	/** Rows of `columns` cells in reading order (slot s is row s / columns, column
	 *  s % columns); both axes decide. Every cell has the largest item width and the
	 *  largest item height, so a grid does not reflow. */
	GESTO_REORDER_GRID = 3,
};

/** Where a reorder stands; see the diagram above. */
enum gesto_reorder_phase {
	/** Nothing lifted and nothing moving. */
	GESTO_REORDER_PHASE_IDLE = 1,
	/** An item is lifted and has not moved yet. */
	GESTO_REORDER_PHASE_LIFTED = 2,
	/** The lifted item follows the finger. */
	GESTO_REORDER_PHASE_DRAGGING = 3,
	/** Committed or cancelled; springs still bring items into their slots. */
	GESTO_REORDER_PHASE_SETTLING = 4,
};

/** One slot move: the item in slot `from` ends in slot `to` (from != to). */
struct gesto_reorder_move {
	int from;
	int to;
};

/**
 * The geometry of a reorder, in points.
 *
 * Versioning: set `size` to sizeof(struct gesto_reorder_layout) and zero the struct with a
 * designated initializer; fields are only ever appended, and the library reads those that
 * fit in `size`. A `size` smaller than this version 0.1 struct is rejected.
 *
 *     struct gesto_reorder_layout layout = {
 *         .size = sizeof(layout),
 *         .arrangement = GESTO_REORDER_ROW,
 *         .item_count = 5,
 *         .item_width = 100, .item_height = 40,
 *         .spacing = 10,
 *     };
 */
struct gesto_reorder_layout {
	/** sizeof(struct gesto_reorder_layout) as the caller was compiled. */
	uint32_t size;
	/** enum gesto_reorder_arrangement. */
	uint32_t arrangement;
	/** The number of items, 1 to GESTO_REORDER_MAX_ITEMS. */
	uint32_t item_count;
	/** GESTO_REORDER_GRID: the number of columns, 1 to GESTO_REORDER_MAX_ITEMS. Ignored
	 *  for rows and columns (set it to 0). */
	uint32_t columns;
	/** Every item's width and height in points, in (0, 1e6], when item_sizes is NULL;
	 *  ignored otherwise. */
	double item_width;
	double item_height;
	/** The gap between neighbouring slots (both axes in a grid), points, in [0, 1e6]. */
	double spacing;
	/** NULL for items of one size, or item_count (width, height) pairs in points, item by
	 *  item, each in (0, 1e6]. Only read during gesto_reorder_new(). */
	const double *item_sizes;
};

/** Default points_per_unit: 1 (a layout measured in delta units). */
#define GESTO_REORDER_DEFAULT_POINTS_PER_UNIT 1.0
/** Default hysteresis: 0.2 of the slot pitch (24 units of a 120-unit touchpad slot). */
#define GESTO_REORDER_DEFAULT_HYSTERESIS 0.2

/**
 * How a reorder turns a drag into moves and motion. Fill it with
 * gesto_reorder_settings_defaults(), then change what you need.
 *
 * Versioning: set `size` to sizeof(struct gesto_reorder_settings) before anything else, as
 * for struct gesto_reorder_layout; fields past `size` take their defaults.
 */
struct gesto_reorder_settings {
	/** sizeof(struct gesto_reorder_settings) as the caller was compiled. */
	uint32_t size;
	/** Reserved, set to 0. */
	uint32_t reserved;
	/** Points per libinput delta unit: the lifted item moves translation × this, in
	 *  (0, 1000]. Default GESTO_REORDER_DEFAULT_POINTS_PER_UNIT. */
	double points_per_unit;
	/** How far past the boundary between two slots the lifted item's centre must go
	 *  before the order changes, and back past it before it changes back, as a fraction
	 *  of the pitch between the two slots, in [0, 0.5). It keeps a finger resting on a
	 *  boundary from flickering the order. Default GESTO_REORDER_DEFAULT_HYSTERESIS. */
	double hysteresis;
	/** The spring that brings items into their slots, in points; build it with a
	 *  gesto_spring_parameters_* function, e.g. gesto_spring_parameters_damping_ratio().
	 *  Default: ζ 1, k 800, m 1 (niri's window movement; critically damped, no overshoot). */
	struct gesto_spring_parameters spring;
	/** When an item's spring is at rest: at most this far from its slot, points (> 0).
	 *  Default 0.1. */
	double rest_position;
	/** ... and at most this fast, points per second (> 0). Default 6.25. */
	double rest_velocity;
};

/**
 * Fills @p settings with the defaults. Set settings->size first; the library writes the
 * fields that fit in it and leaves `size` as it is.
 *
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer or a size below the
 * 0.1 struct.
 */
int
gesto_reorder_settings_defaults(struct gesto_reorder_settings *settings);

/** An opaque reorder: one reorderable collection, its order, its drag and its springs. */
typedef struct gesto_reorder gesto_reorder;

/**
 * Creates a reorder with every item resting in its slot, item i in slot i.
 *
 * @param layout the geometry; only read during the call (item_sizes included).
 * @param settings the settings, or NULL for the defaults; only read during the call.
 * @param[out] out the new reorder; destroy it with gesto_reorder_destroy().
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT for a NULL layout or out, a bad `size`,
 * an unknown arrangement, an item count, column count, size or spacing outside the ranges
 * of struct gesto_reorder_layout; GESTO_ERROR_OUT_OF_RANGE for a setting outside its
 * range (the message names it).
 */
int
gesto_reorder_new(const struct gesto_reorder_layout *layout,
		  const struct gesto_reorder_settings *settings, gesto_reorder **out);

/**
 * Destroys a reorder.
 *
 * @param reorder the reorder, or NULL (nothing happens).
 */
void
gesto_reorder_destroy(gesto_reorder *reorder);

/**
 * Lifts the item in @p slot of the committed order (the long press completed on it). It
 * follows the finger from where it is shown (mid-spring, if the reorder was settling).
 * Causes no move. Phases: IDLE or SETTLING, then LIFTED.
 *
 * @param slot 0 to item_count − 1.
 * @param time_usec microseconds, below 2^62.
 * @return GESTO_OK; GESTO_ERROR_INVALID_ARGUMENT for a NULL reorder, a slot out of range
 * or a time out of range; GESTO_ERROR_WRONG_PHASE if an item is already lifted.
 */
int
gesto_reorder_lift(gesto_reorder *reorder, int slot, uint64_t time_usec);

/**
 * Moves the lifted item to (@p dx, @p dy) from where it was lifted. Each slot boundary its
 * centre crosses (past the hysteresis) is one move, in order; the other items spring toward
 * their new slots. Phases: LIFTED or DRAGGING, then DRAGGING.
 *
 * @param dx, dy the translation since the lift, libinput delta units (the unaccelerated
 * sum, struct gesto_recognized's translation_x/y), each finite and at most 1e9 in magnitude.
 * @param vx, vy the finger's velocity, delta units per second (same limits).
 * @param time_usec microseconds, below 2^62.
 * @param[out] moves the moves the drag caused (often none; at most item_count − 1).
 * @param[in,out] count the room in moves, then the number written; NULL if unwanted.
 * @return GESTO_OK; GESTO_ERROR_BUFFER_TOO_SMALL with *count set to the room needed;
 * GESTO_ERROR_INVALID_ARGUMENT for a NULL reorder, NULL moves with *count > 0, or a
 * number out of range; GESTO_ERROR_WRONG_PHASE if nothing is lifted.
 */
int
gesto_reorder_drag(gesto_reorder *reorder, double dx, double dy, double vx, double vy,
		   uint64_t time_usec, struct gesto_reorder_move *moves, size_t *count);

/**
 * Drops the lifted item and keeps the live order as the committed order. The item springs
 * into its slot from where it is shown, leaving at the release velocity. Phases: LIFTED or
 * DRAGGING, then SETTLING.
 *
 * The moves were returned by the drags that caused them: in this version a commit causes
 * none and *count is set to 0. Treat the moves it returns like a drag's (a later version
 * may move on release).
 *
 * @param vx, vy the release velocity, delta units per second, finite, at most 1e9 in
 * magnitude.
 * @param time_usec microseconds, below 2^62.
 * @param[out] moves, count as for gesto_reorder_drag().
 * @return GESTO_OK; GESTO_ERROR_BUFFER_TOO_SMALL; GESTO_ERROR_INVALID_ARGUMENT as for
 * gesto_reorder_drag(); GESTO_ERROR_WRONG_PHASE if nothing is lifted.
 */
int
gesto_reorder_commit(gesto_reorder *reorder, double vx, double vy, uint64_t time_usec,
		     struct gesto_reorder_move *moves, size_t *count);

/**
 * Drops the lifted item and restores the order the drag started from; every item springs
 * back. Phases: LIFTED or DRAGGING, then SETTLING.
 *
 * @param vx, vy the finger's velocity, delta units per second, finite, at most 1e9 in
 * magnitude.
 * @param time_usec microseconds, below 2^62.
 * @param[out] moves the undo moves: the inverse of every move of the drag, latest first,
 * so that applying them to the live order gives the original order; as many as the drag
 * made (none if it made none).
 * @param[in,out] count as for gesto_reorder_drag().
 * @return GESTO_OK; GESTO_ERROR_BUFFER_TOO_SMALL with *count set to the room needed;
 * GESTO_ERROR_INVALID_ARGUMENT as for gesto_reorder_drag(); GESTO_ERROR_WRONG_PHASE if
 * nothing is lifted.
 */
int
gesto_reorder_cancel(gesto_reorder *reorder, double vx, double vy, uint64_t time_usec,
		     struct gesto_reorder_move *moves, size_t *count);

/**
 * Drives the reorder from an engine's long-press-drag report, as gestod drives a
 * `reorder:` binding:
 *
 * - ARMING does nothing (the press may still fail);
 * - BEGAN lifts the item in @p lift_slot (then drags, if the report has moved already); a
 *   repeated BEGAN keeps the item lifted;
 * - CHANGED drags to the report's translation (lifting @p lift_slot first if nothing is
 *   lifted: the reorder was set up mid-gesture);
 * - ENDED drags to the final translation and commits with the report's velocity;
 * - FAILED and CANCELLED cancel and return the undo moves.
 *
 * ENDED, FAILED and CANCELLED with nothing lifted, and reports of other gestures, do
 * nothing (GESTO_OK, *count 0). Feed it the reports (GESTO_DELIVER_REPORTS, on by
 * default): a binding's firings alone may start after the BEGAN that lifts. Firings may be
 * passed too, so a caller can pass every record the engine delivers: a firing repeats its
 * report's values and changes nothing more. Reports of any finger count are followed;
 * filter on gesture->fingers if several long-press-drag gestures are bound.
 *
 * @param gesture a record from gesto_engine_next_gesture() or the engine's callback (its
 * `size` at least the 0.1 struct's); only read during the call.
 * @param lift_slot the slot of the item the long press lifts (under the pointer), 0 to
 * item_count − 1; checked on every call, used only when the report lifts.
 * @param[out] moves the moves the report caused, in order: a drag's moves (ENDED included),
 * or the undo moves of a cancel.
 * @param[in,out] count as for gesto_reorder_drag().
 * @return GESTO_OK; GESTO_ERROR_BUFFER_TOO_SMALL with *count set to the room needed;
 * GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer, a bad `size`, an unknown phase, a time,
 * translation or velocity out of range (as for gesto_reorder_drag()) or lift_slot out of
 * range. On any failure nothing changed.
 */
int
gesto_reorder_handle_recognized(gesto_reorder *reorder, const struct gesto_recognized *gesture,
				int lift_slot, struct gesto_reorder_move *moves, size_t *count);

/**
 * @return the number of items (1 to GESTO_REORDER_MAX_ITEMS), or
 * GESTO_ERROR_INVALID_ARGUMENT for a NULL reorder.
 */
int
gesto_reorder_item_count(const gesto_reorder *reorder);

/**
 * Copies the live order: the order shown, with the lifted item at its destination while
 * LIFTED or DRAGGING; the committed order otherwise.
 *
 * @param[out] order item indices slot by slot; item_count of them are written.
 * @param count the room in order, at least item_count.
 * @return GESTO_OK; GESTO_ERROR_BUFFER_TOO_SMALL if count < item_count;
 * GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer.
 */
int
gesto_reorder_live_order(const gesto_reorder *reorder, int *order, size_t count);

/**
 * Copies the order the current drag started from (the committed order when nothing is
 * lifted). With gesto_reorder_live_order(), it gives a drag's net effect before a commit.
 *
 * @param[out] order, count as for gesto_reorder_live_order().
 * @return as gesto_reorder_live_order().
 */
int
gesto_reorder_original_order(const gesto_reorder *reorder, int *order, size_t count);

/**
 * The lifted item and the slot it is headed for (where it stands in the live order).
 *
 * @param[out] item the lifted item's index, or -1.
 * @param[out] destination its slot in the live order, or -1.
 * @return GESTO_OK while LIFTED or DRAGGING; GESTO_EMPTY with both set to -1 otherwise;
 * GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer.
 */
int
gesto_reorder_dragged(const gesto_reorder *reorder, int *item, int *destination);

/**
 * @param time_usec microseconds, below 2^62: SETTLING reads as IDLE once every spring is at
 * rest at that time.
 * @return the enum gesto_reorder_phase at @p time_usec; GESTO_ERROR_INVALID_ARGUMENT for a
 * NULL reorder or a time out of range.
 */
int
gesto_reorder_phase(const gesto_reorder *reorder, uint64_t time_usec);

/**
 * Every item's top-left corner at @p time_usec, in points, item by item (not slot by slot):
 * resting in its slot, on its spring, or following the finger. Call it per frame.
 *
 * @param time_usec microseconds, below 2^62.
 * @param[out] xy 2 × item_count doubles: xy[2i], xy[2i + 1] are item i's x and y.
 * @param count the room in xy, in items (pairs), at least item_count.
 * @return GESTO_OK; GESTO_ERROR_BUFFER_TOO_SMALL if count < item_count;
 * GESTO_ERROR_INVALID_ARGUMENT for a NULL pointer or a time out of range.
 */
int
gesto_reorder_positions(const gesto_reorder *reorder, uint64_t time_usec, double *xy,
			size_t count);

/**
 * Whether nothing moves at @p time_usec: nothing lifted and every spring at rest (within
 * the settings' rest_position and rest_velocity). Stop the frame clock then.
 *
 * @param time_usec microseconds, below 2^62.
 * @return 1 if settled, 0 if not; GESTO_ERROR_INVALID_ARGUMENT for a NULL reorder or a
 * time out of range.
 */
int
gesto_reorder_is_settled(const gesto_reorder *reorder, uint64_t time_usec);

#ifdef __cplusplus
}
#endif

#endif /* GESTO_H */
