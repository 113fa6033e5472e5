//! Skirm's rules core at its boundary, one case per clause of the rules text: the house data,
//! adjacency and distance, movement in eight directions across difficult squares, walls and
//! heights, the enemy's zone, line of sight by the corner rule, cover, and the combat dice.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::board::{Board, Door, Edge, EdgeFeature, Pos, TerrainId, Wall};
use skirmish_studio::dice::Dice;
use skirmish_studio::systems::skirm::rules::succeeds;
use skirmish_studio::systems::skirm::rules::{
    Attack, AttackEvent, BUILTIN_SKIRM_RON, Figure, Map, Mover, Ruleset, Sight, resolve_attack,
};
use skirmish_studio::systems::skirm::rules::{ItemKind, Movement, Scoring, WeaponKind};

fn rules() -> Ruleset {
    Ruleset::builtin().expect("the built-in Skirm data loads")
}

fn p(x: u16, y: u16) -> Pos {
    Pos::new(x, y)
}

/// An open board of `w` x `h`.
fn open(rules: &Ruleset, w: u16, h: u16) -> Board {
    Board::filled(w, h, rules.terrain_id("open").unwrap())
}

fn paint(rules: &Ruleset, board: &mut Board, pos: Pos, terrain: &str) {
    board.set_terrain(pos, rules.terrain_id(terrain).unwrap());
}

fn wall(board: &mut Board, a: Pos, b: Pos, height: u8, climbable: bool) {
    board.set_edge(
        Edge::between(a, b).unwrap(),
        Some(EdgeFeature { wall: Some(Wall { height, climbable }), door: None }),
    );
}

fn cost_of(reach: &[(Pos, u32)], pos: Pos) -> Option<u32> {
    reach.iter().find(|(p, _)| *p == pos).map(|(_, c)| *c)
}

// ---------------------------------------------------------------- the house data

#[test]
fn data_two_factions_of_six_profiles_each_with_a_leader_and_a_unique() {
    let rules = rules();
    assert!(rules.factions.len() >= 2);
    for faction in &rules.factions {
        assert!(faction.profiles.len() >= 6, "{}", faction.id);
        assert!(faction.profiles.iter().any(|p| p.leader().is_some()), "{} has a Leader", faction.id);
        assert!(faction.profiles.iter().any(|p| p.is_unique()), "{} has a Unique", faction.id);
        // A sensible squad: the Leader and the cheapest profiles, five to ten units, near 100 EP.
        let card_cost = |id: &str| {
            let (_, profile) = rules.profile(id).unwrap();
            profile.ep + profile.weapons.iter().map(|w| rules.weapon(w).unwrap().ep).sum::<u32>()
        };
        let leader = faction.profiles.iter().find(|p| p.leader().is_some()).unwrap();
        let mut others: Vec<u32> =
            faction.profiles.iter().filter(|p| p.leader().is_none()).map(|p| card_cost(&p.id)).collect();
        others.sort_unstable();
        let five = card_cost(&leader.id) + others.iter().take(4).sum::<u32>();
        assert!((50..=rules.squad_ep).contains(&five), "{}: the Leader and four cheapest cost {five}", faction.id);
        let cheapest = others[0];
        let most = 1 + (rules.squad_ep - card_cost(&leader.id)) / cheapest;
        assert!(most >= 5, "{}: at most {most} units fit in 100 EP", faction.id);
    }
    let ranged = rules.weapons.iter().filter(|w| w.kind == WeaponKind::Ranged && !w.equipment).count();
    let melee = rules.weapons.iter().filter(|w| w.kind == WeaponKind::Melee).count();
    assert!(ranged >= 4 && melee >= 4 && rules.weapons.iter().any(|w| w.equipment));
}

#[test]
fn data_three_missions_eight_secondary_objectives_two_environments() {
    let rules = rules();
    assert!(rules.missions.len() >= 3);
    assert!(rules.missions.iter().all(|m| m.turns == 4), "four turns by the rules");
    let scoring: Vec<&Scoring> = rules.missions.iter().flat_map(|m| &m.scoring).collect();
    assert!(scoring.iter().any(|s| matches!(s, Scoring::ObjectivesControlled { .. })));
    assert!(scoring.iter().any(|s| matches!(s, Scoring::MissionAction { cost: 2, .. })));
    assert!(scoring.iter().any(|s| matches!(s, Scoring::CarryMarkerHome { .. })));
    assert!(scoring.iter().any(|s| matches!(s, Scoring::EnemiesTakenOut { .. })));
    assert!(rules.missions.iter().any(|m| m.items.iter().any(|i| matches!(i.item, ItemKind::Turret(_)))));
    assert!(rules.secondary_objectives.len() >= 8);
    assert!(rules.environments.len() >= 2);
    assert_eq!((rules.turns, rules.tactical_dice, rules.order_faces), (4, 3, 3), "[rule] 4 turns, 3D6, 1-3");
}

#[test]
fn data_a_broken_file_reports_every_problem_with_its_place() {
    let broken = BUILTIN_SKIRM_RON
        .replace("weapons: [\"rifle\", \"combat_knife\"]", "weapons: [\"rilfe\", \"combat_knife\"]")
        .replace("act: 2, msk: 4, rsk: 2, arm: 4, hit: 6", "act: 2, msk: 7, rsk: 2, arm: 4, hit: 6")
        .replace("(faces: [6], name: \"Rally\"", "(faces: [5], name: \"Rally\"")
        .replace("name: \"Rail Lance*\"", "name: \"Rail Lance\"");
    let error = Ruleset::from_ron(&broken).unwrap_err();
    assert!(!error.syntax);
    let text = error.to_string();
    for expected in [
        "factions (vanguard).profiles (vanguard_trooper).weapons: unknown weapon 'rilfe'",
        "factions (reavers).profiles (reaver_brute).msk: must be between 1 and 5, found 7",
        "environments (night_jungle).events: must give each face of a d6 exactly once",
        "weapons[16] (rail_lance).name: a unique item's name ends with '*'",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in:\n{text}");
    }
    let syntax = Ruleset::from_ron("(id: \"skirm\", name: 3)").unwrap_err();
    assert!(syntax.syntax && syntax.to_string().contains("line 1"), "{syntax}");
}

// ---------------------------------------------------------------- distance and adjacency

#[test]
fn distances_and_range_on_the_horizontal_plane_counting_diagonal_steps() {
    let rules = rules();
    let mut board = open(&rules, 6, 6);
    board.set_height(p(4, 4), 3);
    assert_eq!(Map::distance(p(0, 0), p(3, 1)), 3);
    assert_eq!(Map::distance(p(1, 1), p(4, 4)), 3, "height is ignored");
}

#[test]
fn adjacent_squares_are_the_eight_around_unless_a_height_or_a_high_wall_parts_them() {
    let rules = rules();
    let mut board = open(&rules, 5, 5);
    board.set_height(p(3, 2), 2);
    board.set_height(p(2, 3), 1);
    wall(&mut board, p(2, 2), p(2, 1), 2, false);
    wall(&mut board, p(2, 2), p(1, 2), 1, false);
    let map = Map::new(&board, &rules);
    assert!(map.adjacent(p(2, 2), p(1, 1)), "a diagonal with one open route");
    assert!(!map.adjacent(p(2, 2), p(3, 2)), "two levels apart");
    assert!(map.adjacent(p(2, 2), p(2, 3)), "one level apart");
    assert!(!map.adjacent(p(2, 2), p(2, 1)), "a wall higher than 1");
    assert!(map.adjacent(p(2, 2), p(1, 2)), "a wall 1 high does not part them");
    assert!(!map.adjacent(p(2, 2), p(4, 2)), "two squares away");
}

// ---------------------------------------------------------------- movement

#[test]
fn movement_move_3_in_eight_directions() {
    let rules = rules();
    let board = open(&rules, 9, 9);
    let map = Map::new(&board, &rules);
    let reach = map.reach(Mover::default(), p(4, 4), 0, &[Figure { pos: p(4, 4), squad: 0 }], 3);
    assert_eq!(reach.len(), 48, "every square within 3 steps, diagonals included");
    assert_eq!(cost_of(&reach, p(7, 7)), Some(3));
    assert_eq!(cost_of(&reach, p(8, 4)), None);
    let dash = map.reach(Mover::default(), p(4, 4), 0, &[], 1);
    assert_eq!(dash.len(), 8, "a Dash reaches the eight squares around");
}

#[test]
fn movement_a_diagonal_needs_both_squares_beside_it_free_and_passable() {
    let rules = rules();
    let mut board = open(&rules, 4, 4);
    paint(&rules, &mut board, p(1, 0), "impassable");
    let map = Map::new(&board, &rules);
    assert_eq!(map.step_cost(Mover::default(), p(0, 0), p(1, 1)), None, "north-east side square impassable");
    assert_eq!(map.step_cost(Mover::default(), p(2, 2), p(3, 3)), Some(1));
    let flyer = Mover { flying: true, ..Mover::default() };
    assert_eq!(map.step_cost(flyer, p(0, 0), p(1, 1)), None, "FLY ignores heights, not the diagonal rule");
    // An occupied side square blocks the diagonal too.
    let figures = [Figure { pos: p(2, 2), squad: 0 }, Figure { pos: p(3, 2), squad: 0 }];
    let reach = map.reach(Mover::default(), p(2, 2), 0, &figures, 1);
    assert_eq!(cost_of(&reach, p(3, 1)), None, "(3, 2) beside the diagonal is occupied");
    assert_eq!(cost_of(&reach, p(1, 3)), Some(1));
    let reach = map.reach(flyer, p(2, 2), 0, &figures, 1);
    assert_eq!(cost_of(&reach, p(3, 1)), None, "nor for a flyer");
}

#[test]
fn movement_leaving_a_difficult_square_costs_2() {
    let rules = rules();
    let mut board = open(&rules, 5, 1);
    paint(&rules, &mut board, p(1, 0), "difficult");
    paint(&rules, &mut board, p(2, 0), "difficult");
    assert_eq!(rules.terrains[1].movement, Movement::Difficult);
    let map = Map::new(&board, &rules);
    let reach = map.reach(Mover::default(), p(0, 0), 0, &[], 3);
    assert_eq!(cost_of(&reach, p(1, 0)), Some(1), "entering costs 1");
    assert_eq!(cost_of(&reach, p(2, 0)), Some(3), "difficult to difficult costs 2");
    assert_eq!(cost_of(&reach, p(3, 0)), None, "5 squares");
    let ranger = map.reach(Mover { ranger: true, ..Mover::default() }, p(0, 0), 0, &[], 3);
    assert_eq!(cost_of(&ranger, p(3, 0)), Some(3), "RGR moves through without penalty");
}

#[test]
fn movement_walls_1_high_cost_2_higher_walls_only_when_climbable() {
    let rules = rules();
    let mut board = open(&rules, 4, 3);
    wall(&mut board, p(0, 0), p(1, 0), 1, false);
    wall(&mut board, p(0, 1), p(1, 1), 2, false);
    wall(&mut board, p(0, 2), p(1, 2), 2, true);
    let map = Map::new(&board, &rules);
    let walk = Mover::default();
    assert_eq!(map.step_cost(walk, p(0, 0), p(1, 0)), Some(2));
    assert_eq!(map.step_cost(walk, p(0, 1), p(1, 1)), None);
    assert_eq!(map.step_cost(walk, p(0, 2), p(1, 2)), Some(4), "up 2, across 1, down 2 less 1");
    assert_eq!(map.step_cost(Mover { flying: true, ..walk }, p(0, 1), p(1, 1)), Some(1), "FLY ignores it");
    // A closed door is its wall; an open one lets a unit through.
    board.set_edge(
        Edge::between(p(0, 1), p(1, 1)).unwrap(),
        Some(EdgeFeature { wall: Some(Wall { height: 2, climbable: false }), door: Some(Door { open: true }) }),
    );
    assert_eq!(Map::new(&board, &rules).step_cost(walk, p(0, 1), p(1, 1)), Some(1));
}

#[test]
fn movement_climbing_costs_1_per_level_plus_1_and_down_1_less() {
    let rules = rules();
    let mut board = open(&rules, 4, 1);
    board.set_height(p(1, 0), 1);
    board.set_height(p(2, 0), 3);
    let map = Map::new(&board, &rules);
    let walk = Mover::default();
    assert_eq!(map.step_cost(walk, p(0, 0), p(1, 0)), Some(2), "up 1 level");
    assert_eq!(map.step_cost(walk, p(1, 0), p(0, 0)), Some(1), "down 1 level");
    assert_eq!(map.step_cost(walk, p(1, 0), p(2, 0)), None, "2 levels without a climbable wall");
}

#[test]
fn movement_never_through_a_square_next_to_an_enemy_unless_a_squadmate_holds_it() {
    // Two rows; the enemy at (3, 0) touches every square of the bottom row from (2, 1) to
    // (4, 1), so the only way east runs through its zone.
    let rules = rules();
    let board = open(&rules, 7, 2);
    let map = Map::new(&board, &rules);
    let me = Figure { pos: p(0, 1), squad: 0 };
    let enemy = Figure { pos: p(3, 0), squad: 1 };
    let reach = map.reach(Mover::default(), me.pos, 0, &[me, enemy], 6);
    assert_eq!(cost_of(&reach, p(2, 1)), Some(2), "ending next to the enemy is allowed");
    assert_eq!(cost_of(&reach, p(3, 1)), None, "only reached through another square of its zone");
    assert_eq!(cost_of(&reach, p(4, 1)), None);
    assert_eq!(cost_of(&reach, p(5, 1)), None);
    // With a squadmate next to the enemy, its zone may be crossed.
    let mate = Figure { pos: p(4, 0), squad: 0 };
    let reach = map.reach(Mover::default(), me.pos, 0, &[me, enemy, mate], 6);
    assert_eq!(cost_of(&reach, p(5, 1)), Some(5));
    // NMB moves through it anyway.
    let reach = map.reach(Mover { nimble: true, ..Mover::default() }, me.pos, 0, &[me, enemy], 6);
    assert_eq!(cost_of(&reach, p(5, 1)), Some(5));
}

// ---------------------------------------------------------------- line of sight and cover

#[test]
fn line_of_sight_worked_case_a_wall_and_a_unit_in_the_way() {
    // . A . . . .
    // . . . . . .      a tall wall on the right side of (2, 2) and (2, 3)
    // . . . | . .
    // . . . | T .      a unit U at (1, 4)
    // . U . . . .
    let rules = rules();
    let mut board = open(&rules, 6, 5);
    wall(&mut board, p(2, 2), p(3, 2), 2, false);
    wall(&mut board, p(2, 3), p(3, 3), 2, false);
    let map = Map::new(&board, &rules);
    let (attacker, target, other) = (p(1, 0), p(4, 3), p(1, 4));
    let sight = Sight::new(map, &[attacker, target, other]);
    assert!(sight.sees(attacker, target), "over the wall's top end from the corner (2, 0)");
    let from_below = p(0, 3);
    assert!(!sight.sees(from_below, target), "the wall stands between");
    assert!(!sight.sees(p(0, 4), p(3, 4)), "the unit at (1, 4) is in the way");
    assert!(sight.sees(p(0, 4), p(0, 0)), "nothing between them");
    assert!(!Sight::new(map, &[]).sees(p(1, 3), p(4, 3)), "behind the wall on its own row");
}

#[test]
fn line_of_sight_a_tall_wall_on_the_near_side_of_the_target_hides_it() {
    let rules = rules();
    let mut board = open(&rules, 5, 5);
    wall(&mut board, p(2, 2), p(2, 1), 3, false);
    let sight = Sight::new(Map::new(&board, &rules), &[]);
    assert!(!sight.sees(p(2, 0), p(2, 2)));
    assert!(sight.sees(p(0, 2), p(2, 2)), "from the side the wall does not hide it");
}

#[test]
fn cover_a_short_wall_on_the_facing_side_and_high_ground_cancels_it() {
    let rules = rules();
    let mut board = open(&rules, 6, 6);
    wall(&mut board, p(3, 3), p(3, 2), 1, false);
    let map = Map::new(&board, &rules);
    let sight = Sight::new(map, &[]);
    assert!(sight.sees(p(3, 0), p(3, 3)), "a short wall does not block sight");
    assert!(sight.in_cover(p(3, 0), p(3, 3)), "it covers the target from the north");
    assert!(!sight.in_cover(p(3, 5), p(3, 3)), "not from the south");
    board.set_height(p(3, 0), 2);
    let map = Map::new(&board, &rules);
    assert!(!Sight::new(map, &[]).in_cover(p(3, 0), p(3, 3)), "two levels above: high ground");
}

// ---------------------------------------------------------------- combat

#[test]
fn combat_worked_example_a_1_adds_damage_a_6_misses_and_saves_on_arm() {
    // Skill 4, ROA 3, DAM 1 against ARM 2, HIT 3. Seed 6213 rolls 1, 4, 6 to attack: the 1
    // strikes for 2, the 4 for 1, the 6 misses: 3 damage. Saves 2, 5, 3: one saved, two lost.
    let mut check = Dice::new(6213);
    assert_eq!((0..6).map(|_| check.roll_d6()).collect::<Vec<_>>(), [1, 4, 6, 2, 5, 3]);
    let attack = Attack {
        skill: 4,
        roa: 3,
        dam: 1,
        rending: false,
        automatic_strikes: 0,
        deadly: 0,
        arm: 2,
        automatic_saves: 0,
        hit: 3,
    };
    let result = resolve_attack(&attack, &mut Dice::new(6213));
    assert_eq!(
        result.events,
        [
            AttackEvent::AttackDie { face: 1, strike: true, damage: 2 },
            AttackEvent::AttackDie { face: 4, strike: true, damage: 1 },
            AttackEvent::AttackDie { face: 6, strike: false, damage: 0 },
            AttackEvent::SaveDie { face: 2, saved: true },
            AttackEvent::SaveDie { face: 5, saved: false },
            AttackEvent::SaveDie { face: 3, saved: false },
            AttackEvent::HitsLost { hits: 2, remaining: 1 },
        ]
    );
    // In cover: one save without a roll, then the dice 2 and 5.
    let covered = resolve_attack(&Attack { automatic_saves: 1, ..attack }, &mut Dice::new(6213));
    assert_eq!(covered.remaining, 2);
    assert_eq!(covered.events[3], AttackEvent::AutomaticSave);
    // RND: the 1 deals 3; DDx adds once; a Unit at 0 HIT is taken out.
    let rending = resolve_attack(&Attack { rending: true, deadly: 2, hit: 2, ..attack }, &mut Dice::new(6213));
    assert_eq!(rending.damage, 3 + 1 + 2);
    assert_eq!(rending.events.last(), Some(&AttackEvent::TakenOut));
    // Support or AHx: a strike without a roll.
    let supported = resolve_attack(&Attack { automatic_strikes: 1, ..attack }, &mut Dice::new(6213));
    assert_eq!(supported.events[0], AttackEvent::AutomaticStrike { damage: 1 });
}

#[test]
fn dice_a_1_always_succeeds_and_a_6_always_fails() {
    assert!(succeeds(1, 0));
    assert!(!succeeds(6, 6));
    assert!(succeeds(3, 3) && !succeeds(4, 3));
}

#[test]
fn the_terrain_index_of_open_is_zero_so_filled_boards_are_open() {
    assert_eq!(rules().terrain_id("open"), Some(TerrainId(0)));
}

#[test]
fn nmb_nimble_moves_through_an_enemy_in_a_corridor() {
    // A one-square corridor with an enemy in it: NMB "may move through enemy-occupied ...
    // Squares"; anyone else is stopped.
    let rules = rules();
    let board = open(&rules, 6, 1);
    let map = Map::new(&board, &rules);
    let me = Figure { pos: p(0, 0), squad: 0 };
    let enemy = Figure { pos: p(2, 0), squad: 1 };
    let walk = map.reach(Mover::default(), me.pos, 0, &[me, enemy], 6);
    assert_eq!(cost_of(&walk, p(3, 0)), None, "a figure without NMB cannot pass");
    let nimble = map.reach(Mover { nimble: true, ..Mover::default() }, me.pos, 0, &[me, enemy], 6);
    assert_eq!(cost_of(&nimble, p(3, 0)), Some(3), "through the enemy's square");
    assert_eq!(cost_of(&nimble, p(2, 0)), None, "but never ending on it");
}

#[test]
fn climbing_a_climbable_face_of_2_levels_costs_3_up_and_2_down() {
    // "1 Square per vertical Square, plus 1 Square for the horizontal direction"; "climbing
    // down ... vertical movement costs 1 less". The climbable wall on the face is the face.
    let rules = rules();
    for height in [1, 2] {
        let mut board = open(&rules, 2, 1);
        board.set_height(p(1, 0), 2);
        wall(&mut board, p(0, 0), p(1, 0), height, true);
        let map = Map::new(&board, &rules);
        let walk = Mover::default();
        assert_eq!(map.step_cost(walk, p(0, 0), p(1, 0)), Some(3), "up 2 and across 1 (wall {height})");
        assert_eq!(map.step_cost(walk, p(1, 0), p(0, 0)), Some(2), "down 2 less 1 and across 1 (wall {height})");
    }
}

#[test]
fn stairs_and_slopes_are_horizontal_movement_their_vertical_part_free() {
    // "Stairs and slopes can be treated as horizontal movement and vertical movement is free."
    // Ground (level 0), a stair square (level 1), a roof (level 2): walked up for 1 a step,
    // where the same faces without stairs cost 2 each, or cannot be climbed at all.
    let rules = rules();
    let mut board = open(&rules, 3, 1);
    board.set_height(p(1, 0), 1);
    board.set_height(p(2, 0), 2);
    let walk = Mover::default();
    let plain = Map::new(&board, &rules);
    assert_eq!(plain.step_cost(walk, p(0, 0), p(1, 0)), Some(2), "a face of 1 level climbed: 1 up, 1 across");
    paint(&rules, &mut board, p(1, 0), "stairs");
    let map = Map::new(&board, &rules);
    assert!(map.stairs(p(1, 0)));
    assert_eq!(map.step_cost(walk, p(0, 0), p(1, 0)), Some(1), "onto the stairs");
    assert_eq!(map.step_cost(walk, p(1, 0), p(2, 0)), Some(1), "off the stairs onto the roof");
    assert_eq!(map.step_cost(walk, p(2, 0), p(1, 0)), Some(1), "and down again");
    // A wall on the edge is still a wall.
    wall(&mut board, p(0, 0), p(1, 0), 2, false);
    assert_eq!(Map::new(&board, &rules).step_cost(walk, p(0, 0), p(1, 0)), None);
}
