//! Armored Advance's own commands in the window: each with its label, menu and shortcut in one
//! table, whether one is in force, and what each does (the shell's editing commands and the
//! playtest included).

use super::{ArmoredDesk, play};
use crate::systems::armored::editing::{TableTool, clip_from_text, clip_text};
use crate::table::group::{GroupAction, GroupMove, TableGroupEditing};
use crate::ui::commands::{CommandTable, Menu, UiCommand, ViewToggle, cmd, key};
use crate::ui::desk::{ALL_EDIT_COMMANDS, DeskCommands, DeskContext, OwnCommands};
use egui::Key;
use std::sync::LazyLock;

/// The desk's own commands: one per tool, then the selection's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    Tool(TableTool),
    TurnRight,
    TurnLeft,
    Duplicate,
    MirrorLeftRight,
    MirrorTopBottom,
}

/// The desk's commands as the shell lists them, in menu order.
static COMMANDS: LazyLock<CommandTable<Action>> = LazyLock::new(|| {
    let tools = [
        (TableTool::Select, Key::S),
        (TableTool::Piece, Key::T),
        (TableTool::Zone, Key::Z),
        (TableTool::PolygonZone, Key::P),
        (TableTool::Objective, Key::O),
        (TableTool::Unit, Key::U),
        (TableTool::Measure, Key::M),
        (TableTool::Sight, Key::L),
    ]
    .map(|(tool, shortcut)| (Action::Tool(tool), tool.label(), Menu::Tools, key(shortcut)));
    CommandTable::new(tools.into_iter().chain([
        (Action::TurnRight, "Turn 15 degrees clockwise", Menu::Edit, key(Key::R)),
        (Action::TurnLeft, "Turn 15 degrees anticlockwise", Menu::Edit, key(Key::Q)),
        (Action::Duplicate, "Duplicate", Menu::Edit, cmd(Key::D)),
        (Action::MirrorLeftRight, "Mirror selection left-right", Menu::Edit, key(Key::X)),
        (Action::MirrorTopBottom, "Mirror selection top-bottom", Menu::Edit, key(Key::Y)),
    ]))
});

/// The command that makes `tool` the one in hand.
#[must_use]
pub fn tool_command(tool: TableTool) -> UiCommand {
    COMMANDS.command(Action::Tool(tool))
}

impl OwnCommands for ArmoredDesk {
    fn commands(&self) -> DeskCommands {
        DeskCommands { game: COMMANDS.declared(), edit: &ALL_EDIT_COMMANDS, toggles: &[ViewToggle::Grid] }
    }

    fn is_on(&self, command: UiCommand) -> bool {
        COMMANDS.of(command).is_some_and(|a| a == Action::Tool(self.editor.tool))
    }

    fn selection_text(&self) -> Option<String> {
        clip_text(&self.editor.rules, self.editor.clipboard.as_ref()?).ok()
    }

    fn paste_selection_text(&mut self, text: &str) -> Result<bool, String> {
        let Some(clip) = clip_from_text(&self.editor.rules, text, &crate::systems::name_of)? else { return Ok(false) };
        self.editor.clipboard = Some(clip);
        self.editor.paste(self.hover);
        Ok(true)
    }

    fn run_command(&mut self, cx: &mut DeskContext<'_>, command: UiCommand) {
        match command {
            UiCommand::Playtest => play::toggle(self, cx),
            UiCommand::Copy => {
                self.editor.act(GroupAction::Copy);
            }
            UiCommand::Cut => {
                self.editor.act(GroupAction::Cut);
            }
            UiCommand::Paste => {
                self.editor.paste(self.hover);
            }
            UiCommand::DeleteSelection => {
                if !self.editor.delete_selected() {
                    cx.say("Select a piece, zone, objective or unit to delete.");
                }
            }
            other => match COMMANDS.of(other) {
                Some(Action::Tool(tool)) => self.editor.tool = tool,
                Some(Action::TurnRight) => {
                    self.editor.turn_selected(1_500);
                }
                Some(Action::TurnLeft) => {
                    self.editor.turn_selected(-1_500);
                }
                Some(Action::Duplicate) => {
                    self.editor.duplicate_selected();
                }
                Some(Action::MirrorLeftRight) => {
                    self.editor.act(GroupAction::Move(GroupMove::MirrorLeftRight));
                }
                Some(Action::MirrorTopBottom) => {
                    self.editor.act(GroupAction::Move(GroupMove::MirrorTopBottom));
                }
                None => cx.say(format!("{} is not something an open table has.", other.label())),
            },
        }
    }
}
