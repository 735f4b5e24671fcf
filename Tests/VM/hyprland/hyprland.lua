-- The Hyprland stage's compositor config (guest-run puts the plugin's path for @PLUGIN@; with
-- no plugin the load line goes). Hyprland 0.57 reads a Lua config with -c FILE.lua.
hl.monitor({ output = "", mode = "preferred", position = "auto", scale = 1 })
hl.config({
    -- Hyprland writes no log of its own (nor its plugins') unless told to.
    debug = { disable_logs = false },
    misc = { disable_hyprland_logo = true, disable_splash_rendering = true, force_default_wallpaper = 0 },
    ecosystem = { no_donation_nag = true, no_update_news = true },
    -- Less for llvmpipe to compile and draw under emulation: a frame that takes long keeps
    -- Hyprland from reading the touchpad, and the kernel drops the replay's events.
    animations = { enabled = false },
    decoration = { blur = { enabled = false }, shadow = { enabled = false } },
})
-- Hyprland's own default: the 3-finger horizontal swipe switches workspaces. It stays, so
-- that the stage shows which of it and the plugin gets a 3-finger swipe.
hl.gesture({ fingers = 3, direction = "horizontal", action = "workspace" })
-- The gesto config types super+F9 on 001: this bind acting is Hyprland's binds seeing the
-- plugin's keys as a keyboard's.
hl.bind("SUPER + F9", hl.dsp.exec_cmd("echo super+F9 >> /run/gesto-vm/out/bind.log"))
hl.plugin.load("@PLUGIN@")
