// Pocket Yatzy enclosure: a shell and a lid, parametric on the OLED panel.
// SPDX-License-Identifier: MIT
//
// Render:  make enclosure   (STL + preview PNG for both panels, via tools/gen/hardware.py)
//          openscad -D 'panel="ssd1306"' -o case.stl pocket_yatzy.scad
// Layout (top view, lid): the screen window at the top, the button row below it. With the
// 2.42" panel the five hold buttons sit right under the five dice the app draws (their
// centres are the app's soft-key columns, key_px, scaled by the panel's mm per pixel) and
// Roll under the "ROLL" label. The 0.96" panel is too narrow for that (a die is 3.6 mm
// apart there), so its buttons use a 12 mm pitch and engraved guide lines run from each
// soft-key column of the window to its button.
// Inside: the Pico lies on the floor under the button row with its USB port in the left
// wall; the LiPo sits in a bay under the screen; the TP4056 charger board's USB-C port and
// the slide switch are in the left wall too. Measure your parts: module sizes vary a little.

panel = "ssd1309";          // "ssd1309" (2.42") or "ssd1306" (0.96")
quick = false;              // coarser circles for fast test renders
key_px = [10, 31, 52, 73, 94, 116];  // app.KEY_X: hold1..hold5 and roll centres, in pixels
maxi_button = true;         // optional HOLD6 (Maxi Yatzy), stacked above Roll under die 6

$fn = quick ? 12 : 40;
wall = 2.0;
floor_t = 1.6;
lid_t = 2.0;
clear = 0.6;                // fit clearance around parts
corner = 4;

// Panel modules: [pcb w, pcb h, active w, active h, active x offset, active y offset from pcb
// bottom, stack height (pcb + glass)]. Typical modules; check yours with calipers.
function module_of(p) = p == "ssd1309"
    ? [70.7, 40.6, 55.01, 27.49, 7.85, 8.0, 4.5]
    : [27.3, 27.8, 21.74, 10.86, 2.78, 9.0, 4.0];
M = module_of(panel);
pcb_w = M[0]; pcb_h = M[1]; act_w = M[2]; act_h = M[3]; act_x = M[4]; act_y = M[5];
stack = M[6];
mm_per_px = act_w / 128;
big = panel == "ssd1309";

// Buttons: 6x6 mm tactile switches (Omron B3F-1000 or similar, 5 mm tall, 3.5 mm round
// plunger) held in square sockets under the lid, with printed caps pressed onto the plungers.
sw = 6.2;                   // switch body + clearance
socket_wall = 1.2;
socket_h = 3.5;             // the switch body sits this far below the lid
plunger_d = 3.5;
plunger_h = 1.5;            // plunger height above the switch body
pitch = big ? mm_per_px * (key_px[1] - key_px[0]) : 12;
hole_d = big ? 7.2 : 9.0;
row_w = big ? mm_per_px * key_px[5] + hole_d : 5 * pitch + hole_d;

// Parts inside.
pico = [51, 21, 4];          // Raspberry Pi Pico, without headers
battery = [30, 48, 6];       // 603048 LiPo (850-1000 mAh), bay
charger = [26, 17.5, 5];     // TP4056 USB-C module with protection

inner_w = max(pcb_w, row_w + 8, pico[0] + charger[0] + 6, pico[0] + battery[0] + 8) + 2 * clear;
W = inner_w + 2 * wall;
screen_zone = pcb_h + 2 * clear;
button_zone = big ? 27 : 22;
D = screen_zone + button_zone + 2 * wall;
H = floor_t + battery[2] + 2 + max(stack, 8);  // battery, wiring space, panel stack / switches

// Where things are, in lid coordinates (origin: front-left outer corner, y towards the top).
pcb_x0 = (W - pcb_w) / 2;
pcb_y0 = wall + button_zone + clear;
win_x0 = pcb_x0 + act_x;
win_y0 = pcb_y0 + act_y;
row_y = wall + button_zone / 2;
function screen_key_x(i) = win_x0 + key_px[i] * mm_per_px;
function hole_x(i) = big ? screen_key_x(i)
    : W / 2 - 2.5 * pitch + i * pitch;
hole_xs = [for (i = [0 : 5]) hole_x(i)];
hold6_y = row_y + hole_d + 2;  // above Roll, in the column of die 6

// Fit checks: a failed assert stops the render (the test renders both panels).
assert(pitch >= hole_d + 1.5, "button holes too close");
assert(row_y + hole_d / 2 + 1 < win_y0, "button row runs into the screen window");
assert(!maxi_button || hold6_y + hole_d / 2 + 1 < win_y0, "HOLD6 runs into the window");
assert(hole_xs[0] - hole_d / 2 > wall + 1 && hole_xs[5] + hole_d / 2 < W - wall - 1,
       "button row wider than the case");
sock = sw / 2 + socket_wall;  // half the socket's outer width
assert(row_y + sock < pcb_y0, "switch sockets run into the panel module");
assert(!maxi_button || hold6_y + sock < pcb_y0 || hole_xs[5] - sock > pcb_x0 + pcb_w,
       "the HOLD6 socket runs into the panel module");
bay_x0 = W - wall - battery[0] - 2 * clear - 1.2;
assert(wall + 1 + pico[0] < bay_x0, "Pico and battery bay overlap");

echo(str("PANEL=", panel, " W=", W, " D=", D, " H=", H));
echo(str("WINDOW=", [win_x0, win_y0, act_w, act_h]));
echo(str("HOLES=", hole_xs, " ROW_Y=", row_y, " HOLE_D=", hole_d, " HOLD6_Y=", hold6_y));

module rounded(size, r) {
    hull() for (x = [r, size[0] - r], y = [r, size[1] - r])
        translate([x, y, 0]) cylinder(r = r, h = size[2]);
}

module shell() {
    difference() {
        rounded([W, D, H], corner);
        translate([wall, wall, floor_t]) rounded([W - 2 * wall, D - 2 * wall, H], corner - wall);
        // Pico USB (micro-B) in the left wall, Pico centred under the button row
        translate([-1, wall + button_zone / 2 - 4, floor_t + 1]) cube([wall + 2, 8, 4]);
        // charger USB-C in the left wall, under the screen
        translate([-1, D - wall - charger[1] / 2 - 10 - 4.5, floor_t + 1]) cube([wall + 2, 9, 3.6]);
        // slide switch (SS12D00) slot in the left wall
        translate([-1, D - wall - 8, floor_t + battery[2] + 1]) cube([wall + 2, 4.2, 2.2]);
        // buzzer sound holes in the floor
        for (dx = [-3, 0, 3]) translate([W - wall - 12 + dx, wall + 8, -1]) cylinder(d = 1.6, h = 4);
    }
    // battery bay walls under the screen
    translate([bay_x0, D - wall - battery[1] - 2 * clear - 1.2, 0])
        difference() {
            cube([battery[0] + 2 * clear + 1.2, battery[1] + 2 * clear + 1.2, floor_t + 3]);
            translate([1.2, 0, floor_t]) cube([battery[0] + 2 * clear, battery[1] + 2 * clear, 4]);
        }
    // Pico rails (it rests on them; wires go underneath)
    for (dy = [0, pico[1] - 1.5])
        translate([wall + 1, wall + button_zone / 2 - pico[1] / 2 + dy, 0])
            cube([pico[0], 1.5, floor_t + 1]);
    // lid ledge
    difference() {
        translate([wall, wall, H - lid_t - 1.5]) rounded([W - 2 * wall, D - 2 * wall, 1.5], corner - wall);
        translate([wall + 1.5, wall + 1.5, H - lid_t - 2]) rounded([W - 2 * wall - 3, D - 2 * wall - 3, 3], 1);
    }
}

module lid() {
    difference() {
        translate([wall + clear / 2, wall + clear / 2, 0])
            rounded([W - 2 * wall - clear, D - 2 * wall - clear, lid_t], corner - wall);
        // screen window, chamfered so the edge pixels stay visible
        translate([win_x0, win_y0, -1]) cube([act_w, act_h, lid_t + 2]);
        // button holes
        for (x = hole_xs) translate([x, row_y, -1]) cylinder(d = hole_d, h = lid_t + 2);
        if (maxi_button) translate([hole_xs[5], hold6_y, -1]) cylinder(d = hole_d, h = lid_t + 2);
        // small panel: guide grooves from each soft-key column down to its button
        if (!big)
            for (i = [0 : 5])
                hull() {
                    translate([screen_key_x(i), win_y0 - 1.5, lid_t - 0.6]) cylinder(d = 0.8, h = 1);
                    translate([hole_xs[i], row_y + hole_d / 2 + 1.5, lid_t - 0.6]) cylinder(d = 0.8, h = 1);
                }
        // "ROLL" dot: a shallow ring around the roll hole
        translate([hole_xs[5], row_y, lid_t - 0.4]) difference() {
            cylinder(d = hole_d + 3, h = 1);
            translate([0, 0, -1]) cylinder(d = hole_d + 1.8, h = 3);
        }
    }
    // switch sockets under every button hole (the switch is pushed in from below)
    for (p = concat([for (x = hole_xs) [x, row_y]], maxi_button ? [[hole_xs[5], hold6_y]] : []))
        translate([p[0], p[1], -socket_h / 2]) difference() {
            cube([sw + 2 * socket_wall, sw + 2 * socket_wall, socket_h], center = true);
            cube([sw, sw, socket_h + 1], center = true);
        }
    // posts that press the panel module down onto its standoffs
    for (x = [pcb_x0 + 2.5, pcb_x0 + pcb_w - 2.5], y = [pcb_y0 + 2.5, pcb_y0 + pcb_h - 2.5])
        translate([x, y, -(H - floor_t - stack - battery[2] - 2) + 0.1])
            cylinder(d = 3, h = H - floor_t - stack - battery[2] - 2);
}

// A cap: pressed onto the plunger, it stands 1.5 mm proud of the lid.
cap_d = hole_d - 0.6;
cap_h = socket_h - plunger_h + lid_t + 1.5;
module cap() {
    difference() {
        cylinder(d = cap_d, h = cap_h);
        translate([0, 0, -1]) cylinder(d = plunger_d + 0.15, h = plunger_h + 1);
    }
}
echo(str("CAP=", [cap_d, cap_h]));

// Printable layout: shell, the lid flipped top-down beside it, and the caps.
shell();
translate([2 * W + 10, 0, lid_t]) rotate([0, 180, 0]) lid();
for (i = [0 : (maxi_button ? 6 : 5)])
    translate([W + 5 + cap_d / 2 + i * (cap_d + 3), -cap_d - 4, 0]) cap();
