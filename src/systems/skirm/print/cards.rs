//! Skirm's stat cards on paper (63 x 88 mm, cut marks at the corners), laid out the way
//! printed stat cards are read at a table: the unit's name in its squad's colour, a row of
//! stat boxes (ACT, MSK, RSK, ARM, HIT; skills as the rules read them, a roll at or under the
//! number succeeds), a weapons table with each weapon's special rules, the unit's special rules
//! with a few words each, gear, EP and a HIT track to mark damage. Also the codes the printed squads use,
//! for the reference sheet.

use crate::export::{ExportOptions, INK, PT_PER_MM, Rgb, Sketch, wrap};
use crate::systems::skirm::rules::{Ruleset, WeaponKind, WeaponSpecial};
use crate::systems::skirm::scenario::SkirmScenario;
use crate::systems::skirm::scenario::validate::{squad_ep, unit_ep};
use std::collections::BTreeMap;

/// A stat card's size, in millimetres (a poker card).
pub const CARD_MM: (f32, f32) = (63.0, 88.0);

/// A weapon's row on a card.
#[derive(Debug, Clone, PartialEq)]
pub struct WeaponRow {
    /// Its name, with "(melee)" for a melee weapon.
    pub name: String,
    /// Rate of attack, damage and range, as printed.
    pub roa: String,
    /// Damage.
    pub dam: String,
    /// Range in squares ("-" for melee).
    pub range: String,
    /// Its special rules' codes.
    pub specials: Vec<String>,
}

/// One unit's stat card.
#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    /// Its squad, from 0.
    pub squad: usize,
    /// The unit's name and squad.
    pub title: String,
    /// Its card and faction.
    pub subtitle: String,
    /// ACT, MSK, RSK, ARM, HIT.
    pub stats: Vec<(&'static str, u8)>,
    /// Its weapons, the card's and those it was given.
    pub weapons: Vec<WeaponRow>,
    /// Its special rules with a few words each.
    pub specials: Vec<String>,
    /// Gear it carries.
    pub gear: Vec<String>,
    /// EP (with the squad's total and limit) and XP.
    pub ep: String,
    /// Boxes on its HIT track.
    pub hit: u8,
    /// Where the designer's portrait is looked up: the unit's own name, then its card's id.
    pub portrait: [String; 2],
}

/// A card for every unit of both squads, in squad order.
#[must_use]
pub fn cards(rules: &Ruleset, scenario: &SkirmScenario) -> Vec<Card> {
    let mut out = Vec::new();
    for (squad_index, squad) in scenario.squads.iter().enumerate() {
        let total = squad_ep(rules, squad);
        for unit in &squad.units {
            let title = format!("{} ({})", unit.label(rules), squad.label(squad_index));
            let Some((faction, profile)) = rules.profile(&unit.profile) else {
                out.push(Card {
                    squad: squad_index,
                    title,
                    subtitle: format!("unknown card '{}'", unit.profile),
                    stats: Vec::new(),
                    weapons: Vec::new(),
                    specials: Vec::new(),
                    gear: Vec::new(),
                    ep: String::new(),
                    hit: 0,
                    portrait: [unit.name.clone(), unit.profile.clone()],
                });
                continue;
            };
            let weapons = profile
                .weapons
                .iter()
                .chain(&unit.weapons)
                .map(|id| match rules.weapon(id) {
                    Some(w) => WeaponRow {
                        name: if w.kind == WeaponKind::Melee { format!("{} (melee)", w.name) } else { w.name.clone() },
                        roa: w.roa.to_string(),
                        dam: w.dam.to_string(),
                        range: if w.kind == WeaponKind::Melee { "-".into() } else { w.range.to_string() },
                        specials: w.specials.iter().map(|s| s.code()).collect(),
                    },
                    None => WeaponRow {
                        name: format!("unknown '{id}'"),
                        roa: String::new(),
                        dam: String::new(),
                        range: String::new(),
                        specials: Vec::new(),
                    },
                })
                .collect();
            let gear = unit
                .gear
                .iter()
                .map(|id| {
                    rules.gear_item(id).map_or_else(
                        || format!("unknown '{id}'"),
                        |g| {
                            let codes: Vec<String> = g.specials.iter().map(|s| s.code()).collect();
                            if codes.is_empty() { g.name.clone() } else { format!("{} ({})", g.name, codes.join(" ")) }
                        },
                    )
                })
                .collect();
            let xp = if unit.xp > 0 { format!(" · XP {}", unit.xp) } else { String::new() };
            out.push(Card {
                squad: squad_index,
                title,
                subtitle: format!("{} · {}", profile.name, faction.name),
                stats: vec![
                    ("ACT", profile.act),
                    ("MSK", profile.msk),
                    ("RSK", profile.rsk),
                    ("ARM", profile.arm),
                    ("HIT", profile.hit),
                ],
                weapons,
                specials: profile.specials.iter().map(|s| format!("{} {}", s.code(), s.summary())).collect(),
                gear,
                ep: format!("EP {} · squad {total} of {}{xp}", unit_ep(rules, unit), scenario.ep_limit),
                hit: profile.hit,
                portrait: [unit.name.clone(), unit.profile.clone()],
            });
        }
    }
    out
}

/// Every special rule the printed squads' cards carry, by code, with what it does, under a
/// heading per kind: the reference sheet's lines; empty when the cards carry none.
#[must_use]
pub fn codes_used(rules: &Ruleset, scenario: &SkirmScenario) -> Vec<String> {
    let mut codes: BTreeMap<String, String> = BTreeMap::new();
    let mut weapon = |s: WeaponSpecial| {
        codes.insert(s.code(), s.summary());
    };
    for unit in scenario.squads.iter().flat_map(|s| &s.units) {
        let Some((_, profile)) = rules.profile(&unit.profile) else { continue };
        for id in profile.weapons.iter().chain(&unit.weapons) {
            rules.weapon(id).into_iter().flat_map(|w| w.specials.iter().copied()).for_each(&mut weapon);
        }
        for id in &unit.gear {
            rules.gear_item(id).into_iter().flat_map(|g| g.specials.iter().copied()).for_each(&mut weapon);
        }
    }
    let mut units: BTreeMap<String, String> = BTreeMap::new();
    for unit in scenario.squads.iter().flat_map(|s| &s.units) {
        let Some((_, profile)) = rules.profile(&unit.profile) else { continue };
        for special in &profile.specials {
            units.insert(special.code(), special.summary());
        }
    }
    let mut out = Vec::new();
    for (heading, entries) in [("Unit special rules", units), ("Weapon and gear special rules", codes)] {
        if !entries.is_empty() {
            out.push(heading.to_owned());
            out.extend(entries.into_iter().map(|(code, text)| format!("{code} {text}")));
        }
    }
    out
}

/// How many cards fit across and down a page.
#[must_use]
pub fn card_grid(options: &ExportOptions) -> (usize, usize) {
    let (pw, ph) = options.page_size();
    let (cw, ch) = (CARD_MM.0 * PT_PER_MM, CARD_MM.1 * PT_PER_MM);
    let across = ((pw - 2.0 * options.margin) / cw).floor().max(1.0) as usize;
    let down = ((ph - 2.0 * options.margin - crate::export::FOOTER) / ch).floor().max(1.0) as usize;
    (across, down)
}

/// A box's outline.
fn outline(sk: &mut dyn Sketch, x: f32, y: f32, w: f32, h: f32, width: f32, colour: Rgb) {
    sk.line((x, y), (x + w, y), width, colour);
    sk.line((x + w, y), (x + w, y + h), width, colour);
    sk.line((x, y + h), (x + w, y + h), width, colour);
    sk.line((x, y), (x, y + h), width, colour);
}

/// Text centred on `cx` (near enough: the font's average width).
fn centred(sk: &mut dyn Sketch, cx: f32, y: f32, size: f32, text: &str, colour: Rgb) {
    let width = text.chars().count() as f32 * size * 0.55;
    sk.text(cx - width / 2.0, y, size, text, colour, false);
}

const GRID: Rgb = Rgb(120, 120, 120);

/// One page of stat cards, edge to edge, with cut lines; `colours` is each squad's ink.
pub fn cards_page(sk: &mut dyn Sketch, options: &ExportOptions, cards: &[&Card], colours: [Rgb; 2]) {
    let (across, _) = card_grid(options);
    let (cw, ch) = (CARD_MM.0 * PT_PER_MM, CARD_MM.1 * PT_PER_MM);
    let m = options.margin;
    for (index, card) in cards.iter().enumerate() {
        let (x, y) = (m + (index % across) as f32 * cw, m + (index / across) as f32 * ch);
        card_face(sk, card, x, y, colours[card.squad % 2]);
        outline(sk, x, y, cw, ch, 0.4, GRID);
    }
}

/// The side of a card's portrait, in points (it sits in the title bar's right end and
/// reaches a little below it).
pub const PORTRAIT_SIDE: f32 = 30.0;

/// One card at (`x`, `y`).
fn card_face(sk: &mut dyn Sketch, card: &Card, x: f32, y: f32, colour: Rgb) {
    let (cw, ch) = (CARD_MM.0 * PT_PER_MM, CARD_MM.1 * PT_PER_MM);
    let pad = 6.0;
    let inner = cw - 2.0 * pad;
    sk.fill_rect(x, y, cw, 22.0, colour);
    // The designer's portrait of the unit at the bar's right end, framed in the squad's colour;
    // the name keeps the rest of the bar.
    let portrait = card.portrait.iter().filter(|key| !key.is_empty()).find_map(|key| sk.art(key, None, None));
    let inner = if let Some(picture) = &portrait {
        let side = PORTRAIT_SIDE;
        let (px, py) = (x + cw - pad - side, y + 2.0);
        sk.fill_rect(px - 1.0, py - 1.0, side + 2.0, side + 2.0, Rgb(255, 255, 255));
        let (fx, fy, fw, fh) = crate::export::fit_picture(picture, side, side);
        sk.picture(px + fx, py + fy, fw, fh, picture);
        inner - side - 4.0
    } else {
        inner
    };
    // A long name and squad shrink to fit the bar (the font averages about half its size
    // in width per letter).
    let size = (inner / (card.title.chars().count().max(1) as f32 * 0.52)).clamp(6.5, 10.0);
    sk.text(x + pad, y + 15.0, size, &card.title, Rgb(255, 255, 255), false);
    // Beside a portrait the card's line stops short of it.
    let room = (inner / (7.0 * 0.55)) as usize;
    let subtitle: String = if card.subtitle.chars().count() > room {
        card.subtitle.chars().take(room.saturating_sub(1)).chain(['…']).collect()
    } else {
        card.subtitle.clone()
    };
    sk.text(x + pad, y + 32.0, 7.0, &subtitle, INK, false);
    // The stat boxes: the number large, its name above it.
    let mut top = y + 37.0;
    if !card.stats.is_empty() {
        let w = inner / card.stats.len() as f32;
        for (i, (name, value)) in card.stats.iter().enumerate() {
            let bx = x + pad + i as f32 * w;
            outline(sk, bx + 1.0, top, w - 2.0, 28.0, 0.6, INK);
            centred(sk, bx + w / 2.0, top + 8.5, 6.5, name, INK);
            centred(sk, bx + w / 2.0, top + 24.0, 14.0, &value.to_string(), INK);
        }
        top += 34.0;
    }
    // The weapons table.
    let columns = [(x + pad, "Weapon"), (x + pad + 92.0, "ROA"), (x + pad + 114.0, "DAM"), (x + pad + 138.0, "RG")];
    if !card.weapons.is_empty() {
        for (cx, title) in columns {
            sk.text(cx, top + 7.0, 6.2, title, Rgb(90, 90, 90), false);
        }
        sk.line((x + pad, top + 9.5), (x + cw - pad, top + 9.5), 0.4, GRID);
        top += 10.0;
        for weapon in &card.weapons {
            let name: String = weapon.name.chars().take(26).collect();
            sk.text(columns[0].0, top + 8.0, 7.0, &name, INK, false);
            sk.text(columns[1].0 + 3.0, top + 8.0, 7.0, &weapon.roa, INK, false);
            sk.text(columns[2].0 + 3.0, top + 8.0, 7.0, &weapon.dam, INK, false);
            sk.text(columns[3].0 + 2.0, top + 8.0, 7.0, &weapon.range, INK, false);
            top += 9.5;
            if !weapon.specials.is_empty() {
                sk.text(columns[0].0 + 6.0, top + 6.5, 6.2, &weapon.specials.join(" "), Rgb(70, 70, 70), false);
                top += 8.0;
            }
        }
        top += 2.0;
    }
    // Special rules and gear, wrapped, as long as they fit above the EP line.
    let bottom = y + ch - 34.0;
    let mut lines: Vec<String> = Vec::new();
    for special in &card.specials {
        lines.extend(wrap(special, 50));
    }
    if !card.gear.is_empty() {
        lines.extend(wrap(&format!("Gear: {}", card.gear.join(", ")), 50));
    }
    if !lines.is_empty() {
        sk.line((x + pad, top), (x + cw - pad, top), 0.4, GRID);
        top += 1.0;
    }
    for line in lines {
        if top + 7.5 > bottom {
            break;
        }
        sk.text(x + pad, top + 6.8, 6.2, &line, INK, false);
        top += 7.5;
    }
    // EP, then the HIT track: a box per HIT to mark damage.
    sk.text(x + pad, y + ch - 24.0, 7.0, &card.ep, INK, false);
    if card.hit > 0 {
        sk.text(x + pad, y + ch - 8.0, 7.0, "HIT", INK, false);
        let boxes = usize::from(card.hit);
        let step = ((inner - 22.0) / boxes as f32).min(14.0);
        for i in 0..boxes {
            outline(sk, x + pad + 20.0 + i as f32 * step, y + ch - 17.0, step - 3.0, 11.0, 0.6, INK);
        }
    }
}
