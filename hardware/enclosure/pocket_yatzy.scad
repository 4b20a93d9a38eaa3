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
// Inside: the Pico is screwed to four low bosses on the floor under the button row, its USB
// port in the left wall; the LiPo sits in a bay under the screen; the TP4056 charger board's
// USB-C port and the slide switch are in the left wall too. The panel module is screwed face
// down to four bosses under the lid, and two screws hold the lid on the shell's bosses.
// Screws: M2 pan heads that form their own thread in the 1.6 mm pilot holes (self-tapping
// screws for plastic, or plain M2 machine screws): 2x M2x6 (lid), 4x M2x5 (panel), 4x M2x4
// (Pico). Measure your parts: module sizes and their hole patterns vary a little.

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
// bottom, stack height (pcb + glass), pcb thickness, mounting holes' spacing x, y (centred on
// the pcb)]. Typical modules; check yours with calipers. The 0.96" module's holes: 23.5 x 23.8
// mm (2 mm holes, M2); the generic 7-pin 2.42" board's: 2.5 mm in from each corner.
function module_of(p) = p == "ssd1309"
    ? [70.7, 40.6, 55.01, 27.49, 7.85, 8.0, 4.5, 1.6, 65.7, 35.6]
    : [27.3, 27.8, 21.74, 10.86, 2.78, 9.0, 4.0, 1.2, 23.5, 23.8];
M = module_of(panel);
pcb_w = M[0]; pcb_h = M[1]; act_w = M[2]; act_h = M[3]; act_x = M[4]; act_y = M[5];
stack = M[6]; pcb_t = M[7]; panel_holes = [M[8], M[9]];
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
pico_holes = [47, 11.4];     // its four 2.1 mm holes: 47 x 11.4 mm apart (Pico datasheet)
pico_hole_d = 2.1;
battery = [30, 48, 6];       // 603048 LiPo (850-1000 mAh), bay
charger = [26, 17.5, 5];     // TP4056 USB-C module with protection

inner_w = max(pcb_w, row_w + 8, pico[0] + charger[0] + 6, pico[0] + battery[0] + 8) + 2 * clear;
W = inner_w + 2 * wall;
screen_zone = pcb_h + 2 * clear;
button_zone = big ? 27 : 22;
D = screen_zone + button_zone + 2 * wall;
H = floor_t + battery[2] + 2 + max(stack, 8);  // battery, wiring space, panel stack / switches

// Screws (M2, self-tapping into 1.6 mm pilots) and their bosses.
screw_d = 2.0;
pilot_d = 1.6;
clear_d = 2.4;               // through the lid
head_d = 4.0;                // pan head, in a counterbore of the lid's top face
counterbore = 0.8;
boss_d = 5.0;
panel_boss_d = 4.4;          // small: it must clear the 0.96" module's glass
lid_screw = 6;               // M2x6, lid to shell
panel_screw = 5;             // M2x5, panel module to the lid
pico_screw = 4;              // M2x4, Pico to the floor
pico_boss_h = 2.2;           // the Pico's underside this far above the floor
skin = 0.4;                  // plastic left beyond a pilot hole's end

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
bay_y0 = D - wall - battery[1] - 2 * clear - 1.2;
assert(wall + 1 + pico[0] < bay_x0, "Pico and battery bay overlap");

// The Pico on its bosses, and the four screw holes (lid coordinates)
pico_x0 = wall + 1;
pico_y0 = wall + button_zone / 2 - pico[1] / 2;
pico_z = floor_t + pico_boss_h;
pico_screws = [for (dx = [0, 1], dy = [0, 1])
    [pico_x0 + (pico[0] - pico_holes[0]) / 2 + dx * pico_holes[0],
     pico_y0 + (pico[1] - pico_holes[1]) / 2 + dy * pico_holes[1]]];
// The panel module's holes
panel_screws = [for (dx = [-1, 1], dy = [-1, 1])
    [pcb_x0 + pcb_w / 2 + dx * panel_holes[0] / 2, pcb_y0 + pcb_h / 2 + dy * panel_holes[1] / 2]];
panel_boss_h = stack - pcb_t;  // from the lid's underside down to the module's pcb
// The lid's two screws: where the walls have room beside the Pico, the battery bay, the
// charger board, the switch sockets and the panel module (the asserts below check them)
charger_y = D - wall - charger[1] / 2 - 10;  // centre of the charger board (its USB-C slot)
in_wall = boss_d / 2 - 0.5;  // a lid boss's centre from the wall it merges into
lid_screws = big
    ? [[wall + in_wall, (pico_y0 + pico[1] + charger_y - charger[1] / 2) / 2],
       [pico_x0 + pico[0] + boss_d / 2 + 0.5, wall + in_wall]]
    : [[pico_x0 + pico[0] + boss_d / 2 + 0.5, wall + in_wall],
       [pcb_x0 - boss_d / 2 - 0.5, D - wall - in_wall]];
function apart(p, x0, y0, x1, y1, r) =
    p[0] + r < x0 || p[0] - r > x1 || p[1] + r < y0 || p[1] - r > y1;
for (p = lid_screws) {
    r = boss_d / 2;
    assert(apart(p, pico_x0, pico_y0, pico_x0 + pico[0], pico_y0 + pico[1], r), "lid boss on the Pico");
    assert(apart(p, bay_x0, bay_y0, W, D, r), "lid boss in the battery bay");
    assert(apart(p, wall, charger_y - charger[1] / 2, wall + charger[0], charger_y + charger[1] / 2, r),
           "lid boss on the charger board");
    assert(apart(p, pcb_x0, pcb_y0, pcb_x0 + pcb_w, pcb_y0 + pcb_h, r), "lid boss under the panel");
    assert(apart(p, hole_xs[0] - sock, row_y - sock, hole_xs[5] + sock, row_y + sock, r),
           "lid boss in the button row");
}
// Screw lengths against what they go into: each pilot ends `skin` short of the far face
pico_pilot = pico_screw - 1 + 0.3;                    // through the 1 mm Pico pcb
panel_pilot = panel_screw - pcb_t + 0.3;              // through the module's pcb
lid_pilot = lid_screw - (lid_t - counterbore) + 0.5;  // through the lid
assert(pico_pilot <= floor_t + pico_boss_h - skin, "Pico screw too long for its boss");
assert(panel_pilot <= panel_boss_h + lid_t - skin, "panel screw too long");
assert(lid_pilot <= H - lid_t - floor_t, "lid screw too long for its boss");
for (p = panel_screws)  // the panel bosses clear the window
    assert(apart(p, win_x0, win_y0, win_x0 + act_w, win_y0 + act_h, panel_boss_d / 2 - 0.01),
           "a panel boss in the screen window");

echo(str("PANEL=", panel, " W=", W, " D=", D, " H=", H));
echo(str("WINDOW=", [win_x0, win_y0, act_w, act_h]));
echo(str("HOLES=", hole_xs, " ROW_Y=", row_y, " HOLE_D=", hole_d, " HOLD6_Y=", hold6_y));
echo(str("SCREWS_LID=", lid_screws, " SCREWS_PANEL=", panel_screws, " SCREWS_PICO=", pico_screws));
echo(str("SCREW_SIZES=", [lid_screw, panel_screw, pico_screw], " PILOT_D=", pilot_d,
         " CLEAR_D=", clear_d, " PICO_HOLE_D=", pico_hole_d));

module rounded(size, r) {
    hull() for (x = [r, size[0] - r], y = [r, size[1] - r])
        translate([x, y, 0]) cylinder(r = r, h = size[2]);
}

module shell() {
    difference() {
        rounded([W, D, H], corner);
        translate([wall, wall, floor_t]) rounded([W - 2 * wall, D - 2 * wall, H], corner - wall);
        // Pico USB (micro-B) in the left wall, Pico centred under the button row
        translate([-1, wall + button_zone / 2 - 4, pico_z + 0.5]) cube([wall + 2, 8, 4]);
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
    // Pico bosses (it is screwed to them; wires go underneath)
    for (p = pico_screws)
        translate([p[0], p[1], 0]) difference() {
            cylinder(d = 4.5, h = pico_z);
            translate([0, 0, pico_z - pico_pilot]) cylinder(d = pilot_d, h = pico_pilot + 1);
        }
    // lid bosses, against the walls, up to the lid's underside
    for (p = lid_screws)
        translate([p[0], p[1], 0]) difference() {
            cylinder(d = boss_d, h = H - lid_t);
            translate([0, 0, H - lid_t - lid_pilot]) cylinder(d = pilot_d, h = lid_pilot + 1);
        }
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
        // the two lid screws: clearance holes, heads sunk in the top face
        for (p = lid_screws) {
            translate([p[0], p[1], -1]) cylinder(d = clear_d, h = lid_t + 2);
            translate([p[0], p[1], lid_t - counterbore]) cylinder(d = head_d + 0.4, h = 1);
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
    // the panel module's bosses: it is screwed face down to them, its glass against the lid
    for (p = panel_screws)
        translate([p[0], p[1], -panel_boss_h]) difference() {
            cylinder(d = panel_boss_d, h = panel_boss_h + 0.1);
            translate([0, 0, -1]) cylinder(d = pilot_d, h = panel_pilot + 1);
        }
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
