//! Skirm, the squad skirmish game on 40 mm squares: its rules core and house data. The
//! scenario documents, command line and window follow (issues 12 and 13).

pub mod rules;
