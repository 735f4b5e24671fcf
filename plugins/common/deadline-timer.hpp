// The one timer a host arms for libgesto's deadlines (a long press reaching its duration, a
// drag's lift timeout): on the compositor's wl_event_loop, due at
// gesto_engine_next_deadline_usec(); when it fires it feeds gesto_engine_dispatch_deadline()
// and arms itself again. The host calls arm() after each event it feeds.
#pragma once

#include <gesto/gesto.h>

#include <wayland-server-core.h>

#include <cstdint>

namespace gesto_host
{
/** Microseconds on CLOCK_MONOTONIC, the clock of libinput's (and so the compositor's) event
 *  times, which libgesto's deadlines are on. */
uint64_t monotonic_usec();

class deadline_timer_t
{
  public:
    /** A timer on @p loop for @p engine's deadlines (both outlive it). */
    deadline_timer_t(wl_event_loop *loop, gesto_engine *engine);
    ~deadline_timer_t();
    deadline_timer_t(const deadline_timer_t&) = delete;
    deadline_timer_t& operator =(const deadline_timer_t&) = delete;

    /** Due at the engine's next deadline (at once if it passed), or disarmed when it has none. */
    void arm();

  private:
    static int on_timer(void *data);

    gesto_engine *engine;
    wl_event_source *source;
};
}
